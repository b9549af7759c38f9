/* global document */
// Browsers without ES modules (Internet Explorer) run only this script (index.html loads it
// with `nomodule`); a file of its own so the console's Content-Security-Policy needs no inline
// script.
document.getElementById('root').innerHTML =
  '<div class="legacy-browser">检测到您正在使用 IE 浏览器，本系统不支持 IE，请切换为 Chrome、Edge 或 Firefox 等现代浏览器。<br>' +
  'You are using Internet Explorer, which this system does not support. Please switch to Chrome, Edge or Firefox.</div>';
