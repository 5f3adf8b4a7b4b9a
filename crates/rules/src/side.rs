//! The two players and values kept per player.

use core::fmt;
use core::ops::{Index, IndexMut};

/// A player. South moves first and sits at the bottom of every diagram.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The player who moves first (rows `A` and `B`).
    South,
    /// The second player (rows `a` and `b`).
    North,
}

impl Side {
    /// Both sides, South first.
    pub const ALL: [Self; 2] = [Self::South, Self::North];

    /// The opponent.
    #[must_use]
    pub const fn other(self) -> Self {
        match self {
            Self::South => Self::North,
            Self::North => Self::South,
        }
    }

    /// `0` for South, `1` for North.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The letter used in diagrams: `S` or `N`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Self::South => 'S',
            Self::North => 'N',
        }
    }

    /// Parses the diagram letter `S` or `N`.
    #[must_use]
    pub const fn from_letter(c: char) -> Option<Self> {
        match c {
            'S' => Some(Self::South),
            'N' => Some(Self::North),
            _ => None,
        }
    }

    /// The lower-case name, `south` or `north`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::South => "south",
            Self::North => "north",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One value for each side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BySide<T> {
    /// South's value.
    pub south: T,
    /// North's value.
    pub north: T,
}

impl<T> BySide<T> {
    /// Builds from South's and North's values.
    pub const fn new(south: T, north: T) -> Self {
        Self { south, north }
    }

    /// Builds by calling `f` for South, then North.
    pub fn from_fn(mut f: impl FnMut(Side) -> T) -> Self {
        let south = f(Side::South);
        let north = f(Side::North);
        Self { south, north }
    }

    /// Applies `f` to both values.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> BySide<U> {
        BySide {
            south: f(self.south),
            north: f(self.north),
        }
    }
}

impl<T> Index<Side> for BySide<T> {
    type Output = T;
    fn index(&self, side: Side) -> &T {
        match side {
            Side::South => &self.south,
            Side::North => &self.north,
        }
    }
}

impl<T> IndexMut<Side> for BySide<T> {
    fn index_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::South => &mut self.south,
            Side::North => &mut self.north,
        }
    }
}
