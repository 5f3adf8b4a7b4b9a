//! One game in memory: its record, seats, offers and connections, and the protocol's views of
//! it (the `game` object, the `state` message and the catch-up of a reconnecting client).

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use mancala::record::GameRecord;
use mancala::{Notation, Position, Side, Trace, Variant};

use super::moves;
use crate::i18n::Lang;
use crate::ids;
use crate::protocol::{
    ErrorCode, GameError, GameView, LastMoveView, MoveEvent, OffersView, OutcomeView, PROTOCOL,
    PerSide, PlayedView, PositionView, PresenceView, SeatView, ServerMessage, You,
};
use crate::store::{Counts, Instance, Mode, Seat, SeatKind, StoredGame, StoredOffers};

/// What a connection or request may do in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Role {
    /// Watch only.
    Spectator,
    /// Play one side.
    Player(Side),
    /// Play both sides (pass-and-play).
    Both,
}

impl Role {
    /// Whether this role moves for `side`.
    #[must_use]
    pub(crate) const fn plays(self, side: Side) -> bool {
        match self {
            Self::Spectator => false,
            Self::Player(s) => matches!(
                (s, side),
                (Side::South, Side::South) | (Side::North, Side::North)
            ),
            Self::Both => true,
        }
    }

    /// The side this role acts for, `both` standing for the pass-and-play holder; a
    /// spectator is refused, with `what` saying what it tried.
    pub(super) fn side(self, both: Side, what: &str) -> Result<Side, GameError> {
        match self {
            Self::Spectator => Err(GameError::new(
                ErrorCode::NotPlayer,
                format!("spectators cannot {what}"),
            )),
            Self::Player(s) => Ok(s),
            Self::Both => Ok(both),
        }
    }

    /// `you` of the protocol.
    #[must_use]
    pub(crate) fn you(self) -> Option<You> {
        match self {
            Self::Spectator => None,
            Self::Player(s) => Some(s.into()),
            Self::Both => Some(You::Both),
        }
    }
}

/// The standing offers: the side offering each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Offers {
    pub(super) takeback: Option<Side>,
    pub(super) rematch: Option<Side>,
}

/// A game in memory.
#[derive(Debug)]
pub(crate) struct Live {
    pub(super) variant: Variant,
    pub(super) mode: Mode,
    pub(super) seats: [Seat; 2],
    /// The hash of the unused invitation's token (the token is derived from the creator's
    /// secret: `ids::invite_token`).
    pub(super) invite_hash: Option<String>,
    pub(super) epoch: u32,
    pub(super) record: GameRecord,
    pub(super) rematch: Option<String>,
    pub(super) offers: Offers,
    /// This instance's connections playing each side.
    pub(super) connected: [u32; 2],
    /// This instance's connections without a seat.
    pub(super) spectators: u32,
    /// The connections other instances hold (each as it last said; `notes`).
    pub(super) remote: HashMap<Instance, Counts>,
    /// The stop flag of the computer's running search.
    pub(super) thinking: Option<Arc<AtomicBool>>,
    /// Another instance holds the claim on the computer's search: the number of the watch
    /// that tries again while it lasts (`Hub::watch_computer`).
    pub(super) elsewhere: Option<u64>,
    /// A store failure that stopped the computer from moving (it tries again on the next
    /// connection).
    pub(super) computer_stalled: bool,
}

impl Live {
    /// The stored game `g`, replayed.
    pub(super) fn from_stored(g: &StoredGame) -> Result<Self, String> {
        let variant: Variant = g
            .variant
            .parse::<Variant>()
            .and_then(|v| v.with_rules(&g.rules))
            .map_err(|e| format!("stored variant: {e}"))?;
        let mut record = GameRecord::new(Position::new(variant));
        for (i, text) in g.moves.iter().enumerate() {
            record
                .play_text(Notation::Canonical, text)
                .map_err(|e| format!("stored move {}: {e}", i + 1))?;
        }
        if let Some(side) = g.resigned {
            record.resign(side);
        }
        let over = record.outcome().is_some();
        let ply = u32::try_from(record.moves().len()).unwrap_or(u32::MAX);
        let offers = Offers {
            // A takeback offer lapses with the next move or takeback, and with the end.
            takeback: g
                .offers
                .takeback
                .filter(|&(_, epoch, at)| !over && epoch == g.epoch && at == ply)
                .map(|(side, _, _)| side),
            // A rematch offer counts once the game is over, until the rematch exists.
            rematch: g.offers.rematch.filter(|_| over && g.rematch.is_none()),
        };
        Ok(Self {
            variant,
            mode: g.mode,
            seats: g.seats.clone(),
            invite_hash: g.invite_hash.clone(),
            epoch: g.epoch,
            record,
            rematch: g.rematch.clone(),
            offers,
            connected: [0, 0],
            spectators: 0,
            remote: HashMap::new(),
            thinking: None,
            elsewhere: None,
            computer_stalled: false,
        })
    }

    /// The current position.
    #[must_use]
    pub(crate) fn position(&self) -> &Position {
        self.record.position()
    }

    pub(super) fn ply(&self) -> u32 {
        u32::try_from(self.record.moves().len()).unwrap_or(u32::MAX)
    }

    /// The role of a seat secret (or none) in this game.
    #[must_use]
    pub(crate) fn role(&self, secret: Option<&str>) -> Role {
        let Some(secret) = secret.filter(|s| ids::is_secret(s)) else {
            return Role::Spectator;
        };
        let hash = ids::hash_secret(secret);
        let holds = |i: usize| self.seats[i].secret_hash.as_deref() == Some(hash.as_str());
        match (holds(0), holds(1)) {
            (true, true) => Role::Both,
            (true, false) => Role::Player(Side::South),
            (false, true) => Role::Player(Side::North),
            (false, false) => Role::Spectator,
        }
    }

    pub(super) fn computer_level(&self, side: Side) -> Option<u8> {
        match self.seats[side.index()].kind {
            SeatKind::Computer(l) => Some(l),
            SeatKind::Human => None,
        }
    }

    /// The legal moves now: none once the game is over.
    fn legal(&self) -> Vec<String> {
        if self.record.outcome().is_some() {
            Vec::new()
        } else {
            moves::legal(self.position())
        }
    }

    fn outcome(&self) -> Option<OutcomeView> {
        self.record.outcome().map(OutcomeView::from)
    }

    /// Whether `token` is the game's invitation, still unused.
    #[must_use]
    pub(crate) fn invite_open(&self, token: &str) -> bool {
        ids::is_secret(token)
            && self.invite_hash.as_deref() == Some(ids::hash_secret(token).as_str())
    }

    /// The unused invitation's token, recomputed from the secret of the creator's seat: `None`
    /// for anyone else, or once the invitation is used.
    #[must_use]
    pub(crate) fn invite_token(&self, id: &str, secret: Option<&str>) -> Option<String> {
        let secret = secret.filter(|s| self.role(Some(s)) != Role::Spectator)?;
        let token = ids::invite_token(id, secret);
        self.invite_open(&token).then_some(token)
    }

    /// How the game ended (by the rules or by resignation), if it has.
    #[must_use]
    pub(crate) fn outcome_value(&self) -> Option<mancala::Outcome> {
        self.record.outcome()
    }

    /// This instance's connections.
    pub(super) fn local_counts(&self) -> Counts {
        Counts {
            players: self.connected,
            spectators: self.spectators,
        }
    }

    /// Every instance's connections, added up.
    fn counts(&self) -> Counts {
        self.remote
            .values()
            .fold(self.local_counts(), |all, c| all.plus(*c))
    }

    /// The offers as stored: a takeback's with this epoch and ply.
    pub(super) fn stored_offers(&self, offers: Offers) -> StoredOffers {
        StoredOffers {
            takeback: offers.takeback.map(|s| (s, self.epoch, self.ply())),
            rematch: offers.rematch,
        }
    }

    /// The `game` object (protocol §4.1) as the holder of `secret` (a seat secret, or none)
    /// sees it: the creator's secret alone recomputes the unused invitation.
    #[must_use]
    pub(crate) fn game_view(&self, id: &str, secret: Option<&str>, lang: Lang) -> GameView {
        let counts = self.counts();
        let seat = |side: Side| {
            let s = &self.seats[side.index()];
            match s.kind {
                SeatKind::Human => SeatView::Human {
                    joined: s.joined,
                    connected: counts.players[side.index()] > 0,
                },
                SeatKind::Computer(level) => SeatView::computer(level),
            }
        };
        let invite_url = self
            .invite_token(id, secret)
            .map(|token| format!("/{lang}/join/{id}/{token}"));
        let positions = self.record.positions();
        GameView {
            id: id.to_owned(),
            variant: self.variant.game().slug().to_owned(),
            rules: GameRecord::rules_tag(self.variant),
            options: self
                .variant
                .options()
                .map(|o| o.name().to_owned())
                .collect(),
            width: self.variant.width(),
            rows: self.variant.rows(),
            mode: self.mode,
            seats: PerSide::from_fn(seat),
            invite_url,
            epoch: self.epoch,
            ply: self.ply(),
            start: self.record.start().diagram(),
            moves: (1..)
                .zip(self.record.moves().iter().zip(positions))
                .map(|(ply, (&m, before))| PlayedView {
                    ply,
                    side: before.turn().into(),
                    text: moves::text_or_plain(before, m),
                })
                .collect(),
            last_move: LastMoveView::of_record(&self.record),
            position: PositionView::from(self.position()),
            legal: self.legal(),
            outcome: self.outcome(),
            offers: self.offers_view(),
            rematch: self.rematch.clone(),
            thinking: self.thinking.is_some() || self.elsewhere.is_some(),
            spectators: counts.spectators,
        }
    }

    fn offers_view(&self) -> OffersView {
        OffersView {
            takeback: self.offers.takeback.map(Into::into),
            rematch: self.offers.rematch.map(Into::into),
        }
    }

    /// The `state` message for the holder of `secret`.
    #[must_use]
    pub(crate) fn state_message(
        &self,
        id: &str,
        secret: Option<&str>,
        lang: Lang,
    ) -> ServerMessage {
        ServerMessage::State {
            protocol: PROTOCOL,
            you: self.role(secret).you(),
            game: Box::new(self.game_view(id, secret, lang)),
        }
    }

    /// The `move` event of the last move, from its trace (the live path: nothing is played
    /// again).
    pub(super) fn last_move_event(&self, trace: &Trace) -> MoveEvent {
        moves::event(trace, self.epoch, self.ply(), self.legal(), self.outcome())
    }

    /// The `move` event of ply `ply` (1-based), rebuilt from the record (catching a client up).
    pub(super) fn move_event(&self, ply: u32) -> Option<MoveEvent> {
        let i = usize::try_from(ply).ok()?.checked_sub(1)?;
        let m = *self.record.moves().get(i)?;
        let trace = self.record.positions().get(i)?.trace(m).ok()?;
        if i + 1 == self.record.moves().len() {
            return Some(self.last_move_event(&trace));
        }
        let legal = moves::legal(trace.result());
        Some(moves::event(&trace, self.epoch, ply, legal, None))
    }

    pub(super) fn presence_message(&self) -> ServerMessage {
        let counts = self.counts();
        let on =
            |side: Side| self.computer_level(side).is_some() || counts.players[side.index()] > 0;
        ServerMessage::Presence(PresenceView {
            south: on(Side::South),
            north: on(Side::North),
            spectators: counts.spectators,
        })
    }

    pub(super) fn offers_message(&self) -> ServerMessage {
        ServerMessage::Offers(self.offers_view())
    }

    /// The messages that bring a client from `since` (epoch, ply) to now: the missing move
    /// events, or `None` when only a full state will do.
    #[must_use]
    pub(crate) fn catch_up(&self, since: Option<(u32, u32)>) -> Option<Vec<ServerMessage>> {
        let (epoch, ply) = since?;
        if epoch != self.epoch || ply > self.ply() {
            return None;
        }
        let mut out = Vec::new();
        for p in ply + 1..=self.ply() {
            out.push(ServerMessage::Move(Box::new(self.move_event(p)?)));
        }
        if self.record.outcome().is_some() && self.ply() == ply {
            // A resignation after the last move the client saw is not a move event.
            return None;
        }
        out.push(self.presence_message());
        out.push(self.offers_message());
        Some(out)
    }

    /// The record as text, with the players named.
    #[must_use]
    pub(crate) fn record_text(&self, id: &str) -> String {
        let mut record = self.record.clone();
        for side in Side::ALL {
            let name = match self.seats[side.index()].kind {
                SeatKind::Human => "Anonymous".to_owned(),
                SeatKind::Computer(l) => format!("Computer level {l}"),
            };
            record.set_tag(
                if side == Side::South {
                    "South"
                } else {
                    "North"
                },
                &name,
            );
        }
        record.set_tag("Site", &format!("mancala game {id}"));
        record.to_text()
    }

    /// How many moves came before `side`'s last move, if it made one.
    pub(super) fn last_move_of(&self, side: Side) -> Option<usize> {
        let made = self.record.moves().len();
        self.record.positions()[..made]
            .iter()
            .rposition(|p| p.turn() == side)
    }

    /// The side to move if the game is on.
    pub(super) fn to_move(&self) -> Option<Side> {
        self.record
            .outcome()
            .is_none()
            .then(|| self.position().turn())
    }

    pub(super) fn stop_computer(&mut self) {
        if let Some(stop) = self.thinking.take() {
            stop.store(true, Ordering::Relaxed);
        }
    }
}
