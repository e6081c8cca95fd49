/**
 * What the public image proxy (common/v1/image) may fetch: image paths of image hosts, nothing else. WeChat's image
 * CDNs serve images under these path prefixes; any other allowed host (the upstream: the simulator in a demo) only
 * its avatar path /mmhead/. The path is checked after URL normalisation and must be plain segments, so no `..`,
 * encoded slash or other escape can turn the proxy's GET toward another route of a host (e.g. the simulator's
 * /__sim/*).
 */
const CDN_PATHS: Record<string, RegExp> = {
  'mmbiz.qpic.cn': /^\/(sz_)?mmbiz[a-z_]*\//,
  'mmbiz.qlogo.cn': /^\/(sz_)?mmbiz[a-z_]*\//,
  'wx.qlogo.cn': /^\/(mmhead|mmopen)\//,
};
const UPSTREAM_PATH = /^\/mmhead\//;

/** Every segment plain: URL-safe characters, escapes that decode to neither a separator nor a dot segment. */
function plainPath(pathname: string): boolean {
  const segments = pathname.split('/').slice(1);
  return segments.every((raw) => {
    if (!/^[A-Za-z0-9_.~%=-]+$/.test(raw)) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      return false;
    }
    return !/[/\\]/.test(decoded) && decoded !== '.' && decoded !== '..';
  });
}

/** True when `url` is an image the proxy may fetch from one of `hosts` (deps.imageHosts). */
export function isImageSource(url: URL, hosts: readonly string[]): boolean {
  if (!/^https?:$/.test(url.protocol) || url.username || url.password) return false;
  if (!hosts.includes(url.host) || !plainPath(url.pathname)) return false;
  return (CDN_PATHS[url.host] ?? UPSTREAM_PATH).test(url.pathname);
}
