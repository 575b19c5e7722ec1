// The offline page's retry (offline.html; the CSP admits no inline script). The page stands at the address the
// member asked for, so reloading asks the network for that page again; when the browser says it is back online,
// that happens by itself.
const retry = () => location.reload();
document.getElementById('tentar')?.addEventListener('click', () => {
  const status = document.getElementById('estado');
  if (status) status.textContent = 'Tentando de novo…';
  retry();
});
addEventListener('online', retry);
