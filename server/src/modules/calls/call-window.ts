import { randomBytes } from 'node:crypto';
import { callEndpoints } from '@hotline/contract';
import { API_PREFIX } from '../../http/route';

/**
 * The call-window page shown in the console's embedded frame. It is handed the order's detail
 * data, the user info and the token with `postMessage`, and accepts a message only from the
 * page that embeds it on its own origin (origin and source both checked); it answers to that
 * origin only. `frame-ancestors 'self'` keeps other sites from embedding it. Everything is
 * written with textContent (the detail data is citizen input).
 */

/** Where the page polls the agent's latest call. */
const CALL_LIST_URL = API_PREFIX + callEndpoints.listCalls.paths[0];

const SCRIPT = `
(function () {
  var origin = window.location.origin;
  var parentWin = window.parent;
  var $ = function (id) { return document.getElementById(id); };
  var set = function (id, text) { $(id).textContent = text == null || text === '' ? '—' : String(text); };
  if (parentWin === window) { set('status', '请在控制台中打开 / open this page from the console'); return; }
  var token = null;
  var timer = null;
  function poll() {
    if (!token) return;
    fetch(${JSON.stringify(CALL_LIST_URL)}, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer ' + token },
      body: JSON.stringify({ pageNo: 1, pageSize: 1 })
    }).then(function (r) { return r.json(); }).then(function (body) {
      var call = body && body.data && body.data.list && body.data.list[0];
      set('call', call ? call.state + ' · ' + call.phone + ' · ' + call.duration + ' s' : '');
      if (call && call.simulated) $('sim').hidden = false;
    }).catch(function () { set('call', '?'); });
  }
  window.addEventListener('message', function (event) {
    if (event.origin !== origin || event.source !== parentWin) return;
    var data = event.data;
    if (!data || data.type !== 'hotline:call-window:init') return;
    var order = (data.detail && data.detail.order) || data.detail || {};
    var user = data.user || {};
    token = typeof data.token === 'string' ? data.token : null;
    set('orderNum', order.orderNum);
    set('title', order.title);
    set('caller', order.callerName);
    set('phone', order.callerPhone);
    set('user', (user.realname || '') + ' (' + (user.username || '') + ')');
    set('token', token ? '已接收 / received (…' + token.slice(-4) + ')' : '');
    set('status', '已接收控制台数据 / received from the console');
    document.body.setAttribute('data-ready', '1');
    parentWin.postMessage({ type: 'hotline:call-window:ready', orderNum: order.orderNum || null }, origin);
    poll();
    if (timer) clearInterval(timer);
    timer = setInterval(poll, 2000);
  });
  parentWin.postMessage({ type: 'hotline:call-window:loaded' }, origin);
})();
`;

const STYLE = `
body { font: 14px/1.6 system-ui, 'Noto Sans CJK SC', sans-serif; margin: 12px; color: #1f2329; }
dl { display: grid; grid-template-columns: 8em 1fr; gap: 4px 12px; margin: 8px 0; }
dt { color: #646a73; } dd { margin: 0; word-break: break-all; }
.sim { background: #fff7e6; border: 1px solid #ffd591; color: #ad4e00; padding: 2px 8px; border-radius: 4px; }
#status { color: #646a73; }
`;

export function callWindowPage(): { html: string; csp: string } {
  const nonce = randomBytes(16).toString('base64');
  const html = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>外呼窗口 · Call window</title>
<style nonce="${nonce}">${STYLE}</style></head>
<body>
<p id="status">等待控制台数据… / waiting for the console…</p>
<p id="sim" class="sim" hidden>坐席模拟器：不是真实电话 / Seat simulator: no real telephone call</p>
<dl>
<dt>工单编号 Order</dt><dd id="orderNum">—</dd>
<dt>标题 Title</dt><dd id="title">—</dd>
<dt>来电人 Caller</dt><dd id="caller">—</dd>
<dt>号码 Phone</dt><dd id="phone">—</dd>
<dt>坐席人员 Agent</dt><dd id="user">—</dd>
<dt>令牌 Token</dt><dd id="token">—</dd>
<dt>当前通话 Call</dt><dd id="call">—</dd>
</dl>
<script nonce="${nonce}">${SCRIPT}</script>
</body></html>`;
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "connect-src 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
  return { html, csp };
}
