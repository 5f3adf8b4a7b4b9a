//! The `mancala` command.
fn main() {}
