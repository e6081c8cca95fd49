// Account avatar through the image proxy, falling back to the name's first character.
import { Avatar } from 'antd';
import { imageProxyUrl } from '../api/endpoints';

interface AccountAvatarProps {
  avatar: string;
  name: string;
  size?: number;
}

export function AccountAvatar({ avatar, name, size = 40 }: AccountAvatarProps) {
  return (
    <Avatar
      size={size}
      src={avatar ? imageProxyUrl(avatar) : undefined}
      alt={name}
      className="account-avatar"
    >
      {name.charAt(0) || '号'}
    </Avatar>
  );
}
