/** Small server-rendered Chinese pages: the demo QR confirm page, OAuth results, the sandbox cashier. */
export const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title>
<style>
body{font-family:"PingFang SC","Noto Sans CJK SC","Microsoft YaHei",sans-serif;background:#f5f6f8;margin:0;padding:24px;color:#222}
.card{max-width:420px;margin:8vh auto;background:#fff;border-radius:12px;padding:28px;box-shadow:0 2px 12px rgba(0,0,0,.08);text-align:center}
h1{font-size:20px;margin:0 0 12px}p{color:#555;line-height:1.7}.demo{color:#c45500;font-size:13px}
button{background:#07c160;color:#fff;border:0;border-radius:8px;padding:12px 40px;font-size:16px;cursor:pointer;margin-top:12px}
button.alipay{background:#1677ff}input{padding:8px;border:1px solid #ddd;border-radius:6px;width:80%;margin:6px 0}
.amount{font-size:28px;color:#1677ff;margin:8px 0}
</style></head><body><div class="card">${body}</div></body></html>`;
}
