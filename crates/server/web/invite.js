// The creator's own invitation page: the link shown whole (with this site's origin) and a copy
// button. Without JavaScript the page shows the link's path, which works on this site too.

const input = document.getElementById('own-invite-url');
const copy = document.getElementById('copy-own-invite');
if (input && copy) {
  input.value = `${location.origin}${input.dataset.path}`;
  copy.hidden = false;
  copy.addEventListener('click', async () => {
    input.select();
    try {
      await navigator.clipboard.writeText(input.value);
    } catch {
      document.execCommand?.('copy');
    }
    copy.textContent = copy.dataset.done;
  });
}
