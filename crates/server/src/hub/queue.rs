//! The computer's queue (docs/operations.md, "The computer's queue"): a bounded number of
//! places, a bounded share of them per client address, and a fixed number of search slots
//! handed out lowest level first, so that a quick reply never waits behind a line of long
//! searches.
//!
//! A game takes a place ([`Queue::reserve`]) before the move that gives the computer its turn
//! is stored, so a full queue refuses that move rather than leaving the game waiting silently;
//! the place then waits for a slot ([`Ticket::turn`]) and is given back, slot and all, when the
//! ticket is dropped (once the computer's move is stored, or the search was stopped).
//!
//! A search on two threads (the strongest level, [`slots_for`]) takes two slots when two are
//! free as its turn comes; with only one free it takes that one and searches on one thread
//! (sooner rather than stronger: it never holds a free slot idle waiting for a second).

use std::collections::{BTreeMap, HashMap};
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use mancala::Game;
use tokio::sync::oneshot;

/// The slots a search of level `level` in `game` asks for: the threads it searches with.
pub(crate) fn slots_for(game: Game, level: u8) -> u32 {
    mancala_engine::level_entry(game, level).map_or(1, |l| l.threads())
}

/// Who asked for a search: the client address of the request that gave the computer its
/// turn, if there was one.
pub(crate) type Client = Option<IpAddr>;

/// What a ticket is told once it has its slots: how many searches still wait, and the slots.
type Granted = (usize, u32);

#[derive(Debug, Default)]
struct State {
    /// Tickets given out and not yet dropped (waiting or searching).
    places: usize,
    /// Tickets per client address.
    per_client: HashMap<IpAddr, usize>,
    /// Tickets holding slots, with how many each holds.
    running: HashMap<u64, u32>,
    /// The slots the running tickets hold.
    busy: usize,
    /// Tickets waiting for a slot, lowest (level, arrival) first, with the slots each asks
    /// for; each is told how many still wait behind it, and the slots it got, once it has them.
    waiting: BTreeMap<(u8, u64), (u32, oneshot::Sender<Granted>)>,
    /// The next ticket's number.
    next: u64,
    /// No slot is handed out while this is set (a test's hold).
    held: bool,
}

/// The queue of computer searches.
#[derive(Debug)]
pub(crate) struct Queue {
    slots: usize,
    places: usize,
    per_client: usize,
    state: Mutex<State>,
}

/// The queue at one moment.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Figures {
    /// Searches waiting for a slot.
    pub(crate) waiting: usize,
    /// Searches holding a slot.
    pub(crate) running: usize,
    /// Searches that may run at once.
    pub(crate) slots: usize,
}

/// A game's place in the queue.
#[derive(Debug)]
pub(crate) struct Ticket {
    queue: Arc<Queue>,
    client: Client,
    number: u64,
}

/// Holds every slot back while it lives (tests: a queue whose order can be seen).
#[derive(Debug)]
pub struct QueueHold(Arc<Queue>);

impl Drop for QueueHold {
    fn drop(&mut self) {
        let mut s = self.0.lock();
        s.held = false;
        self.0.dispatch(&mut s);
    }
}

impl Queue {
    /// `slots` searches at once (at least one), `waiting` more waiting, at most `per_client`
    /// of them (at least one) for one client address.
    pub(crate) fn new(slots: usize, waiting: usize, per_client: usize) -> Self {
        let slots = slots.max(1);
        Self {
            slots,
            places: slots + waiting,
            per_client: per_client.max(1),
            state: Mutex::new(State::default()),
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The search slots.
    pub(crate) fn slots(&self) -> usize {
        self.slots
    }

    /// The queue now (for the metrics).
    pub(crate) fn figures(&self) -> Figures {
        let s = self.lock();
        Figures {
            waiting: s.waiting.len(),
            running: s.running.len(),
            slots: self.slots,
        }
    }

    /// A place for a search asked for by `client`, or `None` when the queue is full or the
    /// client already has its share.
    pub(crate) fn reserve(self: &Arc<Self>, client: Client) -> Option<Ticket> {
        let mut s = self.lock();
        if s.places >= self.places {
            return None;
        }
        if let Some(ip) = client {
            let n = s.per_client.entry(ip).or_default();
            if *n >= self.per_client {
                return None;
            }
            *n += 1;
        }
        s.places += 1;
        let number = s.next;
        s.next += 1;
        Some(Ticket {
            queue: self.clone(),
            client,
            number,
        })
    }

    /// Hands free slots to the waiting tickets, lowest level first.
    fn dispatch(&self, s: &mut State) {
        while !s.held && s.busy < self.slots {
            let Some(((_, number), (want, tx))) = s.waiting.pop_first() else {
                return;
            };
            let free = u32::try_from(self.slots - s.busy).unwrap_or(u32::MAX);
            let got = want.clamp(1, free);
            // A ticket that stopped waiting has gone: its slot goes to the next.
            if tx.send((s.waiting.len(), got)).is_ok() {
                s.running.insert(number, got);
                s.busy += got as usize;
            }
        }
    }

    /// Holds every slot back until the returned value is dropped.
    pub(crate) fn hold(self: &Arc<Self>) -> QueueHold {
        self.lock().held = true;
        QueueHold(self.clone())
    }
}

impl Ticket {
    /// Joins the line for `want` search slots (at least one) at once, behind every waiting
    /// search of a lower level and those of the same level that came first; the future
    /// resolves with the slots, to how many searches still wait and how many slots it got
    /// (`want` if that many were free, fewer but at least one if not).
    pub(crate) fn turn(&self, level: u8, want: u32) -> impl Future<Output = Granted> + use<> {
        let rx = {
            let mut s = self.queue.lock();
            let (tx, rx) = oneshot::channel();
            s.waiting.insert((level, self.number), (want.max(1), tx));
            self.queue.dispatch(&mut s);
            rx
        };
        // The sender only goes with the queue, which this ticket holds.
        async move { rx.await.unwrap_or((0, 1)) }
    }
}

impl Ticket {
    /// Another place for the same client, beside this one whatever the bounds: the same game's
    /// next search (the computer moves again), which takes this one's place once it is dropped.
    pub(crate) fn again(&self) -> Self {
        let mut s = self.queue.lock();
        if let Some(ip) = self.client {
            *s.per_client.entry(ip).or_default() += 1;
        }
        s.places += 1;
        let number = s.next;
        s.next += 1;
        Self {
            queue: self.queue.clone(),
            client: self.client,
            number,
        }
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let q = &self.queue;
        let mut s = q.lock();
        s.places = s.places.saturating_sub(1);
        if let Some(ip) = self.client
            && let Some(n) = s.per_client.get_mut(&ip)
        {
            *n -= 1;
            if *n == 0 {
                s.per_client.remove(&ip);
            }
        }
        s.waiting.retain(|&(_, n), _| n != self.number);
        if let Some(held) = s.running.remove(&self.number) {
            s.busy = s.busy.saturating_sub(held as usize);
            q.dispatch(&mut s);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(last: u8) -> Client {
        Some(IpAddr::from([10, 0, 0, last]))
    }

    #[tokio::test]
    async fn a_low_level_goes_before_higher_levels_that_came_first() {
        let q = Arc::new(Queue::new(1, 8, 8));
        let hold = q.hold();
        let (order_tx, mut order_rx) = tokio::sync::mpsc::unbounded_channel();
        let mut tasks = Vec::new();
        for (name, level) in [("a8", 8), ("b8", 8), ("c8", 8), ("d1", 1), ("e3", 3)] {
            let t = q.reserve(ip(1)).unwrap();
            let order = order_tx.clone();
            // In the line now, before the next one comes.
            let turn = t.turn(level, 1);
            tasks.push(tokio::spawn(async move {
                let (waiting, _) = turn.await;
                order.send((name, waiting)).unwrap();
                drop(t);
            }));
        }
        drop(order_tx);
        drop(hold);
        let mut order = Vec::new();
        while let Some(x) = order_rx.recv().await {
            order.push(x);
        }
        for t in tasks {
            t.await.unwrap();
        }
        assert_eq!(
            order,
            [("d1", 4), ("e3", 3), ("a8", 2), ("b8", 1), ("c8", 0)],
            "lowest level first, then in order of arrival; each told how many wait"
        );
    }

    #[tokio::test]
    async fn a_two_thread_search_takes_two_slots_or_the_one_left() {
        let q = Arc::new(Queue::new(3, 8, 8));
        let (a, b, c) = (
            q.reserve(None).unwrap(),
            q.reserve(None).unwrap(),
            q.reserve(None).unwrap(),
        );
        assert_eq!(a.turn(8, 2).await, (0, 2), "two free: both taken");
        assert_eq!(b.turn(8, 2).await, (0, 1), "one free: one thread");
        // Every slot is busy: the next wait, lowest level first.
        let line = c.turn(8, 2);
        let d = q.reserve(None).unwrap();
        let next = d.turn(1, 1);
        drop(b);
        assert_eq!(
            next.await,
            (1, 1),
            "the lower level first, in the slot given back"
        );
        drop(a);
        assert_eq!(line.await, (0, 2), "then two, once two are free");
        let e = q.reserve(None).unwrap();
        let last = e.turn(8, 2);
        drop(d);
        assert_eq!(last.await, (0, 1), "the slot given back");
        drop((c, e));
        let f = q.reserve(None).unwrap();
        assert_eq!(f.turn(8, 5).await, (0, 3), "never more than the slots");
    }

    #[test]
    fn slots_follow_the_levels_threads() {
        for game in Game::ALL {
            assert_eq!(slots_for(game, 8), mancala_engine::TOP_THREADS, "{game:?}");
            for level in [0, 1, 5, 7, 9] {
                assert_eq!(slots_for(game, level), 1, "{game:?} level {level}");
            }
        }
    }

    #[test]
    fn places_are_bounded_overall_and_per_client() {
        let q = Arc::new(Queue::new(1, 2, 2));
        let a = q.reserve(ip(1)).unwrap();
        let b = q.reserve(ip(1)).unwrap();
        assert!(q.reserve(ip(1)).is_none(), "the client has its share");
        let c = q.reserve(ip(2)).unwrap();
        assert!(q.reserve(ip(3)).is_none(), "one slot and two waiting: full");
        assert!(q.reserve(None).is_none(), "full for everyone");
        drop(a);
        let d = q.reserve(ip(1)).unwrap();
        drop((b, c, d));
        let all: Vec<Ticket> = (0..3).filter_map(|_| q.reserve(None)).collect();
        assert_eq!(all.len(), 3, "every place comes back");
    }
}
