//! What server instances sharing one database tell each other (docs/operations.md, "Several
//! instances"). On PostgreSQL every note goes to every instance by `NOTIFY` on one channel; a
//! note about a stored change is sent in the transaction that stores it, so it is delivered if
//! and only if the change is committed. A store that serves one instance (SQLite) has no notes.
//!
//! A note is one line of text, `v1 FROM KIND GAME ...`, small enough for `NOTIFY`'s 8,000
//! bytes: this file is the one place that writes and reads it.

use mancala::Side;

/// The channel every instance listens on.
pub(super) const CHANNEL: &str = "mancala";

/// The version tag that starts every note; a note of another version is ignored.
const VERSION: &str = "v1";

/// Which server instance sent a note: drawn at random when a store opens.
pub type Instance = u64;

/// What one instance holds of a game's connections: players of each side, and spectators.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Connections playing South, North (a pass-and-play connection counts for both).
    pub players: [u32; 2],
    /// Connections without a seat.
    pub spectators: u32,
}

impl Counts {
    /// Whether this holds no connection at all.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.players[0] == 0 && self.players[1] == 0 && self.spectators == 0
    }

    /// `self` and `other` added.
    #[must_use]
    pub const fn plus(self, other: Self) -> Self {
        Self {
            players: [
                self.players[0].saturating_add(other.players[0]),
                self.players[1].saturating_add(other.players[1]),
            ],
            spectators: self.spectators.saturating_add(other.spectators),
        }
    }
}

/// A note from one instance to the others.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// Move `ply` of `epoch` is stored in `game`, with its text.
    Move {
        /// The game.
        game: String,
        /// Its takeback epoch.
        epoch: u32,
        /// The move's number, 1-based.
        ply: u32,
        /// The move's canonical text.
        text: String,
    },
    /// Something else of `game` is stored (a join, a takeback, an end, an offer, a rematch):
    /// an instance holding it reads it again.
    Changed {
        /// The game.
        game: String,
    },
    /// The sender now holds `counts` connections to `game`.
    Presence {
        /// The game.
        game: String,
        /// The sender's connections.
        counts: Counts,
    },
    /// The sender has just loaded `game`: every instance holding it says its [`Note::Presence`].
    Ask {
        /// The game.
        game: String,
    },
    /// The sender is alive (sent every [`HEARTBEAT`]).
    Alive,
    /// The sender is shutting down: its connections are gone.
    Gone,
}

/// How often an instance says it is alive; one not heard from for [`SILENCE`] is taken for
/// dead, and its connections are no longer counted.
pub const HEARTBEAT: std::time::Duration = std::time::Duration::from_secs(5);

/// See [`HEARTBEAT`].
pub const SILENCE: std::time::Duration = std::time::Duration::from_secs(16);

/// What a listening instance hears.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Heard {
    /// Another instance's note.
    Note {
        /// Who sent it.
        from: Instance,
        /// What it says.
        note: Note,
    },
    /// The listener lost its connection and has it back: notes sent meanwhile are lost, so
    /// every live game must be read again.
    Reconnected,
}

/// A side as one letter in a note.
const fn side_letter(side: Side) -> char {
    match side {
        Side::South => 's',
        Side::North => 'n',
    }
}

impl Note {
    /// The note as sent by `from`.
    #[must_use]
    pub fn to_payload(&self, from: Instance) -> String {
        let head = format!("{VERSION} {from:x}");
        match self {
            Self::Move {
                game,
                epoch,
                ply,
                text,
            } => format!("{head} move {game} {epoch} {ply} {text}"),
            Self::Changed { game } => format!("{head} changed {game}"),
            Self::Presence { game, counts } => format!(
                "{head} presence {game} {} {} {}",
                counts.players[0], counts.players[1], counts.spectators
            ),
            Self::Ask { game } => format!("{head} ask {game}"),
            Self::Alive => format!("{head} alive"),
            Self::Gone => format!("{head} gone"),
        }
    }

    /// The note in `payload` and its sender; `None` for anything else (another version, or
    /// not a note at all).
    #[must_use]
    pub fn parse(payload: &str) -> Option<(Instance, Self)> {
        let mut words = payload.splitn(4, ' ');
        if words.next()? != VERSION {
            return None;
        }
        let from = Instance::from_str_radix(words.next()?, 16).ok()?;
        let kind = words.next()?;
        let rest = words.next().unwrap_or("");
        let mut args = rest.split(' ');
        let game = |w: Option<&str>| w.filter(|g| !g.is_empty()).map(str::to_owned);
        let number = |w: Option<&str>| w?.parse::<u32>().ok();
        let note = match kind {
            "move" => {
                let mut parts = rest.splitn(4, ' ');
                let game = game(parts.next())?;
                let epoch = number(parts.next())?;
                let ply = number(parts.next())?;
                let text = parts.next().filter(|t| !t.is_empty())?.to_owned();
                Self::Move {
                    game,
                    epoch,
                    ply,
                    text,
                }
            }
            "changed" => Self::Changed {
                game: game(args.next())?,
            },
            "presence" => Self::Presence {
                game: game(args.next())?,
                counts: Counts {
                    players: [number(args.next())?, number(args.next())?],
                    spectators: number(args.next())?,
                },
            },
            "ask" => Self::Ask {
                game: game(args.next())?,
            },
            "alive" => Self::Alive,
            "gone" => Self::Gone,
            _ => return None,
        };
        Some((from, note))
    }
}

/// A standing offer as stored: who made it and, for a takeback, the game's epoch and ply when
/// it was made (a move or a takeback since makes it lapse).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StoredOffers {
    /// The side offering a takeback, with the epoch and ply it was offered at.
    pub takeback: Option<(Side, u32, u32)>,
    /// The side offering a rematch.
    pub rematch: Option<Side>,
}

impl StoredOffers {
    /// The column value of a side (`s` or `n`).
    pub(crate) fn side_text(side: Side) -> String {
        side_letter(side).to_string()
    }

    /// The side of a column value.
    pub(crate) fn side_of(text: &str) -> Option<Side> {
        match text {
            "s" => Some(Side::South),
            "n" => Some(Side::North),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_note_reads_back() {
        let notes = [
            Note::Move {
                game: "AbC123xyZ".into(),
                epoch: 2,
                ply: 17,
                text: "b3 < x".into(),
            },
            Note::Changed {
                game: "AbC123xyZ".into(),
            },
            Note::Presence {
                game: "g".into(),
                counts: Counts {
                    players: [1, 0],
                    spectators: 40_000,
                },
            },
            Note::Ask { game: "g".into() },
            Note::Alive,
            Note::Gone,
        ];
        for note in notes {
            let payload = note.to_payload(0xdead_beef_0123);
            assert_eq!(
                Note::parse(&payload),
                Some((0xdead_beef_0123, note)),
                "{payload}"
            );
        }
    }

    #[test]
    fn other_text_is_no_note() {
        for payload in [
            "",
            "v1",
            "v2 1 alive",
            "v1 zz alive",
            "v1 1 move g 1",
            "v1 1 move g 1 2 ",
            "v1 1 presence g 1 2",
            "v1 1 changed",
            "v1 1 shout g",
        ] {
            assert_eq!(Note::parse(payload), None, "{payload:?}");
        }
    }
}
