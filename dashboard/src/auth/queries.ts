// Member data of the logged-in session, keyed by its token so a new login never shows the old member.
import { useQuery } from '@tanstack/react-query';
import { fetchUserInfo, fetchUserProfile } from './api';
import { useSession } from './session';

/** Spec §3 user profile (vip_id level); null for visitors. */
export function useUserProfile() {
  const session = useSession();
  return useQuery({
    queryKey: ['user-profile', session?.accessToken ?? ''],
    queryFn: ({ signal }) => fetchUserProfile(signal),
    enabled: session !== null,
    staleTime: 60_000,
    retry: false,
  });
}

export function useUserInfo(enabled = true) {
  const session = useSession();
  return useQuery({
    queryKey: ['user-info', session?.accessToken ?? ''],
    queryFn: ({ signal }) => fetchUserInfo(signal),
    enabled: enabled && session !== null,
    staleTime: 60_000,
    retry: false,
  });
}
