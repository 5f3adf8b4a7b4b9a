//! The dev harness's data, `web/dev/data/<variant>.json` (read by `web/dev/mock.js`), made
//! from the recorded games of `web/dev/games.txt` by the server's own views: a header (the
//! `game` object at ply 0, as a spectator sees it), then the `move` event of every ply, one a
//! line. Beside them, `web/dev/data/messages-en.json` is the client's English messages as
//! `GET /en/messages.json` serves them (the harness has no server). The test fails when a file
//! differs from what the server would send; run
//! `UPDATE_DEV_DATA=1 cargo test -p mancala-server dev_data` to write them again (after a change
//! of the protocol's views, of games.txt, or of the English messages).

use std::path::{Path, PathBuf};

use super::Live;
use crate::protocol::ServerMessage;
use crate::store::{Mode, Seat, SeatKind, StoredGame, StoredOffers};

/// The client's English messages, for the harness.
const MESSAGES: &str = "messages-en.json";

fn dev_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("web/dev")
}

/// A friend game of `variant` between two joined people, with `moves` played.
fn stored(variant: &str, moves: &[&str]) -> StoredGame {
    let seat = || Seat {
        kind: SeatKind::Human,
        secret_hash: None,
        joined: true,
    };
    StoredGame {
        id: "dev12345".to_owned(),
        variant: variant.to_owned(),
        rules: String::new(),
        mode: Mode::Friend,
        seats: [seat(), seat()],
        invite_hash: None,
        epoch: 0,
        moves: moves.iter().map(|&m| m.to_owned()).collect(),
        resigned: None,
        result: None,
        rematch: None,
        offers: StoredOffers::default(),
        created: 0,
    }
}

/// The data file of `variant` after `moves`.
fn data_file(variant: &str, moves: &[&str]) -> String {
    let start = Live::from_stored(&stored(variant, &[])).expect("the start replays");
    let header = start.game_view("dev12345", None, crate::i18n::Lang::En);
    let mut lines = vec![serde_json::to_string(&header).expect("the header serialises")];
    let live = Live::from_stored(&stored(variant, moves)).expect("the recorded game replays");
    for ply in 1..=live.ply() {
        let event = live.move_event(ply).expect("every ply has its event");
        lines.push(ServerMessage::Move(Box::new(event)).to_text());
    }
    format!("[{}]\n", lines.join(",\n"))
}

#[test]
fn dev_data_is_what_the_server_sends() {
    let games = std::fs::read_to_string(dev_dir().join("games.txt")).expect("games.txt");
    let update = std::env::var_os("UPDATE_DEV_DATA").is_some();
    let mut stale = Vec::new();
    let mut made = Vec::new();
    for line in games.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (variant, moves) = line.split_once(':').expect("variant: moves");
        let moves: Vec<&str> = moves.split_whitespace().collect();
        let want = data_file(variant, &moves);
        let path = dev_dir().join("data").join(format!("{variant}.json"));
        made.push(format!("{variant}.json"));
        if std::fs::read_to_string(&path).ok().as_deref() != Some(want.as_str()) {
            if update {
                std::fs::write(&path, &want).expect("write the dev data");
            } else {
                stale.push(path.display().to_string());
            }
        }
    }
    assert!(!made.is_empty(), "games.txt lists no game");
    let messages = format!("{}\n", crate::i18n::client_json(crate::i18n::Lang::En));
    let path = dev_dir().join("data").join(MESSAGES);
    made.push(MESSAGES.to_owned());
    if std::fs::read_to_string(&path).ok().as_deref() != Some(messages.as_str()) {
        if update {
            std::fs::write(&path, &messages).expect("write the dev messages");
        } else {
            stale.push(path.display().to_string());
        }
    }
    // Every data file is made here: none is left over from a game no longer recorded.
    for entry in std::fs::read_dir(dev_dir().join("data")).expect("web/dev/data") {
        let name = entry.expect("a data file").file_name();
        let name = name.to_string_lossy();
        assert!(
            made.iter().any(|m| *m == name),
            "{name} is not made from games.txt or the messages"
        );
    }
    assert!(
        stale.is_empty(),
        "dev data differs from what the server sends: {stale:?}; \
         UPDATE_DEV_DATA=1 cargo test -p mancala-server dev_data writes it"
    );
}
