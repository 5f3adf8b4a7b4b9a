// What a player can do besides moving: the offers (takeback, rematch) and their answers, the
// resign / takeback / rematch buttons and the resign confirmation, the invitation and the links
// to the game, and the way to the rematch.

import { t } from './i18n.js';
import { h } from './ui.js';
import { other } from './state.js';

export class Controls {
  /**
   * @param {{el: object, state: import('./state.js').GameState, send: (msg: object) => boolean,
   *          id: string, lang: string, seat: string}} o
   *   the page's elements (ui.js), the game, how to send a message, and the game id, page
   *   language and seat secret (or '') for the links
   */
  constructor({ el, state, send, id, lang, seat }) {
    Object.assign(this, { el, state, send, id, lang, seat });
    this.setUpNotify();
  }

  // ---------------------------------------------------------------- the turn notification

  /** The "notify me" box: kept in localStorage `mancala.notify`, asks the browser's leave. */
  setUpNotify() {
    const box = this.el.notify;
    if (!box || !('Notification' in window)) return;
    let on = false;
    try {
      on = localStorage.getItem('mancala.notify') === 'on';
    } catch {
      on = false;
    }
    box.checked = on && Notification.permission === 'granted';
    box.addEventListener('change', async () => {
      if (box.checked && Notification.permission !== 'granted') {
        const answer = await Notification.requestPermission().catch(() => 'denied');
        if (answer !== 'granted') box.checked = false;
      }
      try {
        localStorage.setItem('mancala.notify', box.checked ? 'on' : 'off');
      } catch {
        /* private mode: the setting lasts for this page */
      }
    });
  }

  /** The player's turn has come: a notification, if asked for and the page is not in view. */
  notifyTurn(game) {
    const box = this.el.notify;
    if (!box?.checked || !document.hidden || Notification.permission !== 'granted') return;
    try {
      const n = new Notification(t('notify-title'), { body: t('notify-body', { game }), tag: `mancala-${this.id}` });
      n.onclick = () => {
        window.focus();
        n.close();
      };
    } catch {
      /* some browsers allow notifications only from a service worker */
    }
  }

  renderAll() {
    this.renderOffers();
    this.renderInvite();
    this.renderControls();
    if (this.state.game?.rematch) this.showRematch(this.state.game.rematch);
  }

  renderOffers() {
    const box = this.el.offers;
    box.textContent = '';
    const { you, offers } = this.state;
    const mine = (s) => s && (you === s || you === 'both');
    // one sentence per kind of offer and point of view, so that each language words it whole
    const said = {
      takeback: {
        own: () => t('offer-takeback-own'),
        incoming: () => t('offer-takeback-incoming'),
        side: (side) => t('offer-takeback-side', { side }),
      },
      rematch: {
        own: () => t('offer-rematch-own'),
        incoming: () => t('offer-rematch-incoming'),
        side: (side) => t('offer-rematch-side', { side }),
      },
    };
    for (const kind of ['takeback', 'rematch']) {
      const s = offers?.[kind];
      if (!s) continue;
      if (mine(s)) {
        box.append(h('p', { class: 'offer own', text: said[kind].own() }));
      } else if (you === 'south' || you === 'north') {
        box.append(
          h(
            'div',
            { class: 'offer incoming', role: 'group' },
            h('p', { text: said[kind].incoming() }),
            h('button', { id: `${kind}-accept`, type: 'button', class: 'primary', text: t('offer-accept'), onclick: () => this.send({ type: kind }) }),
            h('button', { id: `${kind}-decline`, type: 'button', text: t('offer-decline'), onclick: () => this.send({ type: 'decline' }) }),
          ),
        );
      } else {
        box.append(h('p', { class: 'offer', text: said[kind].side(s) }));
      }
    }
    this.renderControls();
  }

  renderControls() {
    const E = this.el;
    const s = this.state;
    const player = s.isPlayer();
    const over = !!s.outcome;
    E.resign.hidden = !player || over;
    E.takeback.hidden = !player || over;
    E.rematch.hidden = !player || !over;
    E.takeback.disabled = !s.hasOwnMoves() || (s.offers?.takeback && s.offers.takeback === s.you);
    E.rematch.disabled = !!(s.offers?.rematch && s.offers.rematch === s.you) || !!s.game?.rematch;
    // the turn notification is for a player of one side
    const notify = E.notify?.closest('label');
    if (notify) notify.hidden = s.you !== 'south' && s.you !== 'north';
    if (over || !player) this.hideResign();
  }

  askResign() {
    const box = this.el.resignBox;
    box.hidden = false;
    box.textContent = '';
    box.append(
      h('p', { text: t('control-resign-question') }),
      h('button', { id: 'resign-confirm', type: 'button', class: 'danger', text: t('control-resign-confirm'), onclick: () => { this.send({ type: 'resign' }); this.hideResign(); } }),
      h('button', { id: 'resign-cancel', type: 'button', text: t('control-resign-cancel'), onclick: () => this.hideResign() }),
    );
    box.querySelector('#resign-cancel').focus();
  }

  hideResign() {
    this.el.resignBox.hidden = true;
    this.el.resignBox.textContent = '';
  }

  renderInvite() {
    const s = this.state;
    const g = s.game;
    const E = this.el;
    const abs = (u) => (u && u.startsWith('/') ? `${location.origin}${u}` : u);
    if (g.invite_url) {
      E.invite.hidden = false;
      E.invite.textContent = '';
      const input = h('input', { id: 'invite-url', type: 'text', readonly: true, value: abs(g.invite_url), 'aria-label': t('link-invite-label') });
      E.invite.append(
        h('h2', { text: t('link-invite-heading') }),
        h('p', { text: t('link-invite-text') }),
        h('div', { class: 'copy-row' }, input, this.copyButton(input, 'copy-invite')),
      );
    } else {
      E.invite.hidden = true;
      E.invite.textContent = '';
    }
    if (!E.share.dataset.built) {
      E.share.dataset.built = '1';
      E.share.append(h('summary', { text: t('link-summary') }));
      if (this.seat) {
        const priv = h('input', { id: 'private-url', type: 'text', readonly: true, value: `${location.origin}${this.gameUrl(this.id)}`, 'aria-label': t('link-private-label') });
        E.share.append(
          h('p', { class: 'link-label', text: t('link-private') }),
          h('div', { class: 'copy-row' }, priv, this.copyButton(priv, 'copy-private')),
        );
      }
      const watch = h('input', { id: 'watch-url', type: 'text', readonly: true, value: `${location.origin}/${this.lang}/g/${this.id}`, 'aria-label': t('link-watch-label') });
      E.share.append(h('p', { class: 'link-label', text: t('link-watch') }), h('div', { class: 'copy-row' }, watch, this.copyButton(watch, 'copy-watch')));
      if (g.invite_url || this.seat) E.share.open = !g.invite_url && s.you !== 'both' && g.mode === 'friend' && !s.seats?.[other(s.you)]?.joined;
    }
  }

  copyButton(input, id) {
    return h('button', {
      id,
      type: 'button',
      class: 'copy',
      text: t('link-copy'),
      onclick: async (e) => {
        const b = e.currentTarget;
        try {
          await navigator.clipboard.writeText(input.value);
        } catch {
          input.select();
          document.execCommand?.('copy');
        }
        b.textContent = t('link-copied');
        setTimeout(() => {
          b.textContent = t('link-copy');
        }, 1500);
      },
    });
  }

  /** This page's link to game `id`: the player's own seat in it, or the spectator's. */
  gameUrl(id) {
    return this.seat ? `/${this.lang}/g/${id}/${this.seat}` : `/${this.lang}/g/${id}`;
  }

  showRematch(id) {
    const url = this.gameUrl(id);
    this.el.rematchLink.hidden = false;
    this.el.rematchLink.textContent = '';
    this.el.rematchLink.append(h('a', { href: url, text: t('link-rematch') }));
    return url;
  }

  /** A `rematch` message: the rematch exists; go there. */
  goRematch(id) {
    location.assign(this.showRematch(id));
  }
}
