// The article a page is opened for: ?post=<mid>_<aid> (as report links carry it), or ?mid= with ?aid=.

export function postParam(params: URLSearchParams): string {
  const post = (params.get('post') ?? '').trim();
  if (post) return post;
  const mid = (params.get('mid') ?? '').trim();
  const aid = (params.get('aid') ?? '').trim();
  return mid && aid ? `${mid}_${aid}` : '';
}
