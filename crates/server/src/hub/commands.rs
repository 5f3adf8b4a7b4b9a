//! What players do to a game: create it, join it, connect, move, resign, take back, decline
//! and rematch. Each command is checked, stored, applied, then announced.

use std::sync::Arc;

use mancala::{Position, Side, Trace, Variant};

use super::live::Offers;
use super::queue::{Client, Ticket};
use super::{Broadcast, GameHandle, Hub, Live, Role, moves};
use crate::ids::{self, GAME_ID_LEN, SECRET_LEN, now};
use crate::protocol::{ErrorCode, GameError, OutcomeView, ServerMessage};
use crate::store::{Mode, Seat, SeatKind, StoreError, StoredGame, StoredOffers};

/// What the creator of a game asks for.
#[derive(Clone, Copy, Debug)]
pub(crate) struct NewGame {
    /// The variant with its rule options.
    pub(crate) variant: Variant,
    /// Friend, computer or pass-and-play.
    pub(crate) mode: Mode,
    /// The computer's level (1..8), for `Mode::Computer`.
    pub(crate) level: u8,
    /// The creator's side; `None` draws it at random.
    pub(crate) side: Option<Side>,
}

/// A game just created: what its creator needs to know.
#[derive(Clone, Debug)]
pub(crate) struct Created {
    /// The game id.
    pub(crate) id: String,
    /// The creator's side (`None` in pass-and-play, where the creator has both).
    pub(crate) side: Option<Side>,
    /// The creator's seat secret.
    pub(crate) secret: String,
    /// The invitation token of a friend game.
    pub(crate) invite: Option<String>,
}

fn random_side() -> Side {
    let mut b = [0u8; 1];
    if getrandom::fill(&mut b).is_ok() && b[0] & 1 == 1 {
        Side::North
    } else {
        Side::South
    }
}

fn random(n: usize) -> Result<String, GameError> {
    ids::random_base62(n).map_err(|e| GameError::internal(&e, "no randomness available"))
}

fn game_over() -> GameError {
    GameError::new(ErrorCode::GameOver, "the game is over")
}

impl Hub {
    /// Creates a game for `client`.
    ///
    /// # Errors
    /// A computer level outside 1..8, the computer is to open and its queue has no place for
    /// `client`, or the store failed.
    pub(crate) async fn create(
        self: &Arc<Self>,
        req: NewGame,
        client: Client,
    ) -> Result<Created, GameError> {
        self.create_with(req, None, client).await
    }

    async fn create_with(
        self: &Arc<Self>,
        req: NewGame,
        seats: Option<[Seat; 2]>,
        client: Client,
    ) -> Result<Created, GameError> {
        if req.mode == Mode::Computer && !(1..=8).contains(&req.level) {
            return Err(GameError::new(
                ErrorCode::BadMessage,
                format!("there is no level {}; levels go from 1 to 8", req.level),
            ));
        }
        let secret = random(SECRET_LEN)?;
        let hash = ids::hash_secret(&secret);
        let side = req.side.unwrap_or_else(random_side);
        let human = |h: Option<String>, joined: bool| Seat {
            kind: SeatKind::Human,
            secret_hash: h,
            joined,
        };
        let mut invited = false;
        let (seats, created_side) = match (seats, req.mode) {
            (Some(seats), _) => (seats, None),
            (None, Mode::Local) => (
                [human(Some(hash.clone()), true), human(Some(hash), true)],
                None,
            ),
            (None, mode) => {
                let other = if mode == Mode::Computer {
                    Seat {
                        kind: SeatKind::Computer(req.level),
                        secret_hash: None,
                        joined: true,
                    }
                } else {
                    invited = true;
                    human(None, false)
                };
                let mine = human(Some(hash), true);
                let seats = match side {
                    Side::South => [mine, other],
                    Side::North => [other, mine],
                };
                (seats, Some(side))
            }
        };
        // The computer opens: it needs its place in the queue before the game exists.
        let opens = Position::new(req.variant).turn();
        let mut place = self.place_if(
            matches!(seats[opens.index()].kind, SeatKind::Computer(_)),
            client,
        )?;
        // A fresh id; a collision (one in 2^47 per pair) just draws again.
        for _ in 0..4 {
            let id = random(GAME_ID_LEN)?;
            // The invitation is the creator's to recompute; only its hash is stored.
            let invite = invited.then(|| ids::invite_token(&id, &secret));
            let g = StoredGame {
                id: id.clone(),
                variant: req.variant.game().slug().to_owned(),
                rules: req.variant.rules_text(),
                mode: req.mode,
                seats: seats.clone(),
                invite_hash: invite.as_deref().map(ids::hash_secret),
                epoch: 0,
                moves: Vec::new(),
                resigned: None,
                result: None,
                rematch: None,
                offers: StoredOffers::default(),
                created: now(),
            };
            match self.store.create_game(&g).await {
                Ok(()) => {
                    let handle = self.insert(&g)?;
                    let mut live = handle.lock().await;
                    self.start_computer(&handle, &mut live, place.take());
                    drop(live);
                    self.release(&handle);
                    return Ok(Created {
                        id,
                        side: created_side,
                        secret,
                        invite,
                    });
                }
                Err(StoreError::Conflict(_)) => {}
                Err(e) => return Err(GameError::store(&e)),
            }
        }
        Err(GameError::new(ErrorCode::Store, "no free game id"))
    }

    /// The invited seat for a visitor: its new secret, or `None` if the invitation is used
    /// (or wrong).
    ///
    /// # Errors
    /// The store failed.
    pub(crate) async fn join(
        self: &Arc<Self>,
        handle: &Arc<GameHandle>,
        token: &str,
    ) -> Result<Option<String>, GameError> {
        let mut live = handle.lock().await;
        if !live.invite_open(token) {
            return Ok(None);
        }
        let invite_hash = ids::hash_secret(token);
        let Some(side) = Side::ALL
            .into_iter()
            .find(|&s| !live.seats[s.index()].joined)
        else {
            return Ok(None);
        };
        let secret = random(SECRET_LEN)?;
        let hash = ids::hash_secret(&secret);
        match self.store.join(&handle.id, &invite_hash, side, &hash).await {
            Ok(()) => {}
            Err(StoreError::Conflict(_)) => return Ok(None),
            Err(e) => return Err(GameError::store(&e)),
        }
        live.invite_hash = None;
        let seat = &mut live.seats[side.index()];
        seat.secret_hash = Some(hash);
        seat.joined = true;
        drop(live);
        handle.send(Broadcast::Resync);
        Ok(Some(secret))
    }

    /// A player or spectator connects (`true`) or leaves (`false`): presence is announced on
    /// change.
    pub(crate) async fn presence(self: &Arc<Self>, handle: &Arc<GameHandle>, role: Role, on: bool) {
        let mut live = handle.lock().await;
        let before = live.presence_message();
        if role == Role::Spectator {
            let c = &mut live.spectators;
            *c = if on { *c + 1 } else { c.saturating_sub(1) };
        }
        for side in Side::ALL {
            if role.plays(side) {
                let c = &mut live.connected[side.index()];
                *c = if on { *c + 1 } else { c.saturating_sub(1) };
            }
        }
        if on && live.computer_stalled {
            live.computer_stalled = false;
            self.start_computer(handle, &mut live, None);
        }
        let after = live.presence_message();
        if before != after {
            handle.announce(&after);
        }
        // Told under the lock, so that the other instances hear this game's counts in order.
        self.tell_presence(handle, &live).await;
    }

    /// Plays `text` as ply `ply` for `role`, sent by `client`. The move is stored before it is
    /// applied and broadcast; on `Ok` the caller acknowledges it.
    ///
    /// # Errors
    /// Every refusal of docs/protocol.md §3.4, checked in this order: a spectator, a finished
    /// game, not the next ply (one's own last move sent again is `stale_ply`), not one's turn,
    /// an illegal move, no place in the computer's queue for its reply; nothing changes.
    pub(crate) async fn play(
        self: &Arc<Self>,
        handle: &Arc<GameHandle>,
        role: Role,
        ply: u32,
        text: &str,
        client: Client,
    ) -> Result<(), GameError> {
        let mut live = handle.lock().await;
        if role == Role::Spectator {
            return Err(GameError::new(
                ErrorCode::NotPlayer,
                "spectators cannot move",
            ));
        }
        let Some(turn) = live.to_move() else {
            return Err(game_over());
        };
        let next = live.ply() + 1;
        if ply != next {
            return Err(GameError::new(
                ErrorCode::StalePly,
                format!("ply {ply} is not the next ply; the next ply is {next}"),
            ));
        }
        if !role.plays(turn) {
            return Err(GameError::new(
                ErrorCode::NotYourTurn,
                format!("it is {}'s turn", turn.name()),
            ));
        }
        if live.computer_level(turn).is_some() {
            return Err(GameError::new(
                ErrorCode::NotYourTurn,
                "the computer is to move",
            ));
        }
        let trace = moves::parse(live.position(), text)?;
        let place = self.place_for(&live, trace.result(), client)?;
        self.commit(handle, &mut live, &trace, place).await
    }

    /// Stores, applies and broadcasts a move of the side to move, named and played from the
    /// current position; the computer's reply, if it is to move next, searches in `place`.
    pub(super) async fn commit(
        self: &Arc<Self>,
        handle: &Arc<GameHandle>,
        live: &mut Live,
        trace: &Trace,
        place: Option<Ticket>,
    ) -> Result<(), GameError> {
        let ply = live.ply() + 1;
        match self
            .store
            .append_move(&handle.id, live.epoch, ply, trace.text())
            .await
        {
            Ok(()) => {}
            Err(StoreError::Conflict(msg)) => {
                // Another writer (another instance, or an older copy of this game) got there
                // first: the database is right, so read it again and bring everyone to it.
                tracing::warn!(game = %handle.id, %msg, "move conflict; reading the game again");
                self.refresh(handle, live, super::remote::Source::Here)
                    .await;
                return Err(GameError::new(
                    ErrorCode::StalePly,
                    format!("ply {ply} was taken by another move"),
                ));
            }
            Err(e) => return Err(GameError::store(&e)),
        }
        // Played from this position before storing; cannot fail.
        moves::play(&mut live.record, trace)?;
        live.offers = Offers::default();
        let event = live.last_move_event(trace);
        handle.announce(&ServerMessage::Move(Box::new(event)));
        if let Some(outcome) = live.record.outcome()
            && let Err(e) = self
                .store
                .finish(&handle.id, outcome.result_token(), None)
                .await
        {
            // The moves are stored, so the result can always be recomputed.
            tracing::warn!(game = %handle.id, error = %e, "result not stored");
        }
        self.start_computer(handle, live, place);
        Ok(())
    }

    /// `role` resigns.
    ///
    /// # Errors
    /// A spectator, a finished game, or the store failed.
    pub(crate) async fn resign(
        self: &Arc<Self>,
        handle: &Arc<GameHandle>,
        role: Role,
    ) -> Result<(), GameError> {
        let mut live = handle.lock().await;
        // A spectator is told so even once the game is over.
        let side = role.side(live.position().turn(), "resign")?;
        if live.to_move().is_none() {
            return Err(game_over());
        }
        let result = if side == Side::South { "0-1" } else { "1-0" };
        self.store
            .finish(&handle.id, result, Some(side))
            .await
            .map_err(|e| GameError::store(&e))?;
        live.stop_computer();
        live.record.resign(side);
        live.offers = Offers::default();
        if let Some(outcome) = live.record.outcome() {
            handle.announce(&ServerMessage::End {
                outcome: OutcomeView::from(outcome),
            });
        }
        Ok(())
    }

    /// A takeback request or acceptance (protocol §3.1).
    ///
    /// # Errors
    /// A spectator, a finished game, nothing to take back, or the store failed.
    pub(crate) async fn takeback(
        self: &Arc<Self>,
        handle: &Arc<GameHandle>,
        role: Role,
    ) -> Result<(), GameError> {
        let mut live = handle.lock().await;
        // In pass-and-play (`Both`) the last move is taken back, whoever made it (below).
        let me = role.side(live.position().turn().other(), "take back")?;
        if live.record.outcome().is_some() {
            return Err(game_over());
        }
        if live.mode == Mode::Local {
            // Pass-and-play: the last move, whoever made it.
            let Some(keep) = live.record.moves().len().checked_sub(1) else {
                return Err(GameError::new(
                    ErrorCode::NothingToTakeBack,
                    "there is no move to take back",
                ));
            };
            return self.undo_to(handle, &mut live, keep).await;
        }
        let accepting = live.mode == Mode::Friend && live.offers.takeback == Some(me.other());
        // Accepting takes back the offerer's last move; otherwise it is one's own.
        let undone = if accepting { me.other() } else { me };
        let Some(keep) = live.last_move_of(undone) else {
            return Err(GameError::new(
                ErrorCode::NothingToTakeBack,
                "there is no move of yours to take back",
            ));
        };
        if live.mode == Mode::Friend && !accepting {
            let offers = Offers {
                takeback: Some(me),
                ..live.offers
            };
            return self.set_offers(handle, &mut live, offers).await;
        }
        self.undo_to(handle, &mut live, keep).await
    }

    /// Takes back every move after the first `keep`, in a new epoch.
    async fn undo_to(
        self: &Arc<Self>,
        handle: &Arc<GameHandle>,
        live: &mut Live,
        keep: usize,
    ) -> Result<(), GameError> {
        let keep_u32 = u32::try_from(keep).unwrap_or(0);
        self.store
            .take_back(&handle.id, keep_u32, live.epoch + 1)
            .await
            .map_err(|e| GameError::store(&e))?;
        live.stop_computer();
        while live.record.moves().len() > keep {
            live.record.undo();
        }
        live.epoch += 1;
        live.offers = Offers::default();
        handle.send(Broadcast::Resync);
        self.start_computer(handle, live, None);
        Ok(())
    }

    /// Declines the opponent's standing offer.
    ///
    /// # Errors
    /// A spectator (whatever the offers), or no offer by the opponent stands.
    pub(crate) async fn decline(
        self: &Arc<Self>,
        handle: &Arc<GameHandle>,
        role: Role,
    ) -> Result<(), GameError> {
        let mut live = handle.lock().await;
        role.side(Side::South, "decline")?;
        // Declining leaves only the offers one made oneself.
        let mine = |o: Option<Side>| o.filter(|&s| role.plays(s));
        let left = Offers {
            takeback: mine(live.offers.takeback),
            rematch: mine(live.offers.rematch),
        };
        if left == live.offers {
            return Err(GameError::new(
                ErrorCode::NoOffer,
                "there is no offer to decline",
            ));
        }
        self.set_offers(handle, &mut live, left).await
    }

    /// Stores `offers` as the standing ones, then announces them (if they changed).
    ///
    /// # Errors
    /// The store failed; nothing changes.
    async fn set_offers(
        &self,
        handle: &GameHandle,
        live: &mut Live,
        offers: Offers,
    ) -> Result<(), GameError> {
        if live.offers == offers {
            return Ok(());
        }
        self.store
            .set_offers(&handle.id, &live.stored_offers(offers))
            .await
            .map_err(|e| GameError::store(&e))?;
        live.offers = offers;
        handle.announce(&live.offers_message());
        Ok(())
    }

    /// A rematch offer or acceptance by `client`: the new game has the same seats, sides
    /// swapped.
    ///
    /// # Errors
    /// A spectator, a game still on, the computer opens the new game and its queue has no
    /// place, or the store failed.
    pub(crate) async fn rematch(
        self: &Arc<Self>,
        handle: &Arc<GameHandle>,
        role: Role,
        client: Client,
    ) -> Result<(), GameError> {
        let mut live = handle.lock().await;
        let me = role.side(Side::South, "ask for a rematch")?;
        if live.record.outcome().is_none() {
            return Err(GameError::new(
                ErrorCode::NotOver,
                "a rematch can be asked for once the game is over",
            ));
        }
        if let Some(next) = &live.rematch {
            handle.announce(&ServerMessage::Rematch { id: next.clone() });
            return Ok(());
        }
        let at_once = live.mode != Mode::Friend || live.offers.rematch == Some(me.other());
        if !at_once {
            let offers = Offers {
                rematch: Some(me),
                ..live.offers
            };
            return self.set_offers(handle, &mut live, offers).await;
        }
        let seats = [live.seats[1].clone(), live.seats[0].clone()];
        let req = NewGame {
            variant: live.variant,
            mode: live.mode,
            level: 1,
            side: None,
        };
        let created = self.create_with(req, Some(seats), client).await?;
        self.store
            .set_rematch(&handle.id, &created.id)
            .await
            .map_err(|e| GameError::store(&e))?;
        live.rematch = Some(created.id.clone());
        live.offers = Offers::default();
        handle.announce(&ServerMessage::Rematch { id: created.id });
        Ok(())
    }
}
