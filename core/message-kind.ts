/**
 * What kind of message (消息类型) an article is, from WeChat's `item_show_type` and the page: one value set for the
 * bus (`articles.kind`), ClickHouse and the dashboard.
 *
 *   article 图文 (item_show_type 0, and pages older than the variable)
 *   video   视频 (5)
 *   voice   语音 (6 music, 7 audio)
 *   picture 图片 (8)
 *   text    文本 (10, and 17 short content)
 *   share   分享/转载 (an 图文 whose content comes from another account: copyright reprint or share)
 */
export type MessageKind = 'article' | 'picture' | 'text' | 'video' | 'voice' | 'share';

export const MESSAGE_KINDS: readonly MessageKind[] = [
  'article',
  'picture',
  'text',
  'video',
  'voice',
  'share',
];

export const MESSAGE_KIND_LABEL: Record<MessageKind, string> = {
  article: '图文',
  picture: '图片',
  text: '文本',
  video: '视频',
  voice: '语音',
  share: '转载',
};

/**
 * The kind from `item_show_type` (null when the source does not give it) and whether the content came from another
 * account. An unknown item_show_type reads as 图文: the page still has a body and a title.
 */
export function messageKind(itemShowType: number | null, fromElsewhere: boolean): MessageKind {
  switch (itemShowType) {
    case 5:
      return 'video';
    case 6:
    case 7:
      return 'voice';
    case 8:
      return 'picture';
    case 10:
    case 17:
      return 'text';
    default:
      return fromElsewhere ? 'share' : 'article';
  }
}
