/** The widget's styles, scoped to its shadow root; `--zw-accent`/`--zw-on-accent` theme it. */
export const CSS = `
:host{all:initial}
.zw{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1f2330;-webkit-font-smoothing:antialiased;text-align:left;letter-spacing:normal}
*{box-sizing:border-box;font:inherit;color:inherit;margin:0}
.launcher,.panel{z-index:2147483000}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
button{cursor:pointer;border:0;background:none;padding:0}
:focus-visible{outline:3px solid var(--zw-accent);outline-offset:2px}
.launcher{position:fixed;right:20px;bottom:20px;width:60px;height:60px;border-radius:50%;background:var(--zw-accent);color:var(--zw-on-accent);display:grid;place-items:center;box-shadow:0 6px 20px rgba(16,24,40,.25);transition:transform .15s}
.launcher:hover{transform:scale(1.06)}
.launcher svg{width:28px;height:28px;fill:currentColor}
.launcher .x{display:none}
.zw.open .launcher .x{display:block}
.zw.open .launcher .bubble{display:none}
.launcher .dot{position:absolute;top:2px;right:2px;width:14px;height:14px;border-radius:50%;background:#b42318;border:2px solid #fff;display:none}
.zw.refused .launcher .dot{display:block}
.panel{position:fixed;right:20px;bottom:92px;width:380px;height:min(620px,calc(100vh - 116px));display:flex;flex-direction:column;background:#fff;border-radius:16px;overflow:hidden;box-shadow:0 12px 48px rgba(16,24,40,.28);animation:zw-in .18s ease-out}
.panel[hidden]{display:none}
@keyframes zw-in{from{opacity:0;transform:translateY(12px)}}
header{display:flex;align-items:center;gap:10px;padding:14px 12px 14px 16px;background:var(--zw-accent);color:var(--zw-on-accent)}
.avatar{width:34px;height:34px;border-radius:50%;display:grid;place-items:center;background:rgba(255,255,255,.22);font-weight:700}
h2{flex:1;font-size:16px;font-weight:650;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.close{width:36px;height:36px;border-radius:8px;display:grid;place-items:center;color:inherit}
.close:hover{background:rgba(255,255,255,.18)}
.close svg{width:20px;height:20px;fill:currentColor}
.log{flex:1;overflow-y:auto;padding:16px;display:flex;flex-direction:column;gap:10px;background:#f6f7f9;overscroll-behavior:contain}
.msg{display:flex;max-width:85%}
.msg.user{align-self:flex-end}
.bubble{padding:9px 13px;border-radius:14px;background:#fff;border:1px solid #e4e7ec;overflow-wrap:anywhere}
.user .bubble{background:var(--zw-accent);color:var(--zw-on-accent);border-color:transparent;border-bottom-right-radius:4px;white-space:pre-wrap}
.bot .bubble{border-bottom-left-radius:4px}
.bubble p+p,.bubble p+ul,.bubble p+ol,.bubble ul+p,.bubble ol+p{margin-top:8px}
.bubble ul,.bubble ol{padding-left:20px}
.bubble a{color:var(--zw-link);text-decoration:underline}
.unavailable .bubble{background:#fffaeb;border-color:#fedf89;color:#7a2e0e}
.typing .bubble{display:flex;gap:4px;padding:13px 14px}
.typing i{width:7px;height:7px;border-radius:50%;background:#98a2b3;animation:zw-dot 1.2s infinite}
.typing i:nth-child(2){animation-delay:.15s}.typing i:nth-child(3){animation-delay:.3s}
@keyframes zw-dot{0%,60%,100%{opacity:.3;transform:none}30%{opacity:1;transform:translateY(-3px)}}
.state{margin:auto;max-width:260px;text-align:center;color:#475467;display:grid;gap:6px;justify-items:center}
.state svg{width:40px;height:40px;fill:#98a2b3}
.state strong{font-weight:650;color:#1f2330}
.notice{display:flex;align-items:center;gap:10px;padding:10px 14px;font-size:14px;background:#fef3f2;color:#912018;border-top:1px solid #fecdca}
.notice[hidden]{display:none}
.notice.rate{background:#fffaeb;color:#7a2e0e;border-color:#fedf89}
.notice span{flex:1}
.notice button{padding:6px 12px;border-radius:8px;background:#fff;border:1px solid currentColor;font-weight:600;font-size:13px}
.notice button:disabled{opacity:.5;cursor:default}
form{display:flex;gap:8px;padding:12px;border-top:1px solid #e4e7ec;background:#fff}
textarea{flex:1;resize:none;border:1px solid #d0d5dd;border-radius:10px;padding:9px 12px;max-height:120px;background:#fff;outline:none}
textarea:focus{border-color:var(--zw-accent);box-shadow:0 0 0 3px var(--zw-ring)}
textarea:focus-visible{outline:none}
textarea:disabled{background:#f2f4f7}
.send{width:42px;border-radius:10px;background:var(--zw-accent);color:var(--zw-on-accent);display:grid;place-items:center}
.send:disabled{opacity:.45;cursor:default}
.send svg{width:20px;height:20px;fill:currentColor}
@media (max-width:520px){
.panel{inset:0;width:100%;height:100%;border-radius:0;animation:none}
.zw.open .launcher{display:none}
}
@media (prefers-reduced-motion:reduce){*{animation:none!important;transition:none!important}}
`;
