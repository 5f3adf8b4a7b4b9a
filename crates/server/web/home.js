// Home page enhancement (optional; the form works without it): shows only the rule options of
// the chosen variant, and the computer level only when playing the computer.

import { loadMessages, t } from './i18n.js';

const form = document.querySelector('form#new-game');

async function enhance() {
  if (!form) return;
  await loadMessages();
  const variant = form.querySelector('select[name=variant]');
  const level = form.querySelector('select[name=level]');
  const levelLabel = level && form.querySelector(`label[for="${level.id}"]`);
  const options = [...form.querySelectorAll('input[name=option]')];
  let byVariant = null;
  try {
    const res = await fetch('/api/variants');
    const data = await res.json();
    byVariant = new Map(data.variants.map((v) => [v.slug, new Set(v.options.map((o) => o.name))]));
  } catch {
    byVariant = null;
  }
  const hint = form.querySelector('.options .hint');
  const update = () => {
    if (byVariant && variant) {
      const allowed = byVariant.get(variant.value) || new Set();
      for (const o of options) {
        const label = o.closest('label') || o;
        const ok = allowed.has(o.value);
        label.hidden = !ok;
        if (!ok) o.checked = false;
      }
      if (hint) hint.textContent = allowed.size ? t('newgame-options') : t('newgame-no-options');
    }
    const opp = form.querySelector('input[name=opponent]:checked')?.value;
    if (level) {
      const on = opp === 'computer';
      level.hidden = !on;
      if (levelLabel) levelLabel.hidden = !on;
    }
  };
  variant?.addEventListener('change', update);
  form.addEventListener('change', update);
  update();
}

enhance();
