# The rules pages, the family page and the about page: their frame (the rules themselves are
# docs/rules/*.md and their translations), and the interactive examples on them.

rules-title = { $game }: rules
rules-contents = Contents
rules-where = Where it is played
rules-boards = Boards
rules-play = Play { $game }
rules-family-link = All the four-row games, side by side
rules-about-link = About this site and its sources
rules-untranslated = These rules have not been translated yet, so they are shown in English.

example-play-hint = Your move: click a pit that can move, or play the suggested move.
example-try = Play { $move }
example-again = Try again
example-played = Played { $move }.
example-illegal = That move is not legal here.
example-failed = The example could not be loaded.
example-label = Example board

about-title = About
about-intro = Mancala is a free site for playing and studying the four-row mancala games of East and Southern Africa, with standard two-row Mancala (Kalah) as the reference. Nobody needs an account: a game is a link.
about-rules-heading = The rules and their sources
about-rules-text = Each game's rules follow published descriptions by players and researchers. Where the sources differ or leave a point open, the rules page says which reading the site follows and why. Each page lists its sources in full:
about-engine-heading = The computer players
about-engine-text = The computer plays at eight levels, from a beginner who sees one move ahead to a full search of about a second a move. The players behind each level are measured against each other in every game.
about-licence-heading = Licence
about-licence-text = The site's program is free software under the GNU Affero General Public License, version 3 or later.
about-version-heading = Version
about-version = Version { $version }, commit { $commit }.
example-stop = Stop in the nyumba
example-safari = Safari: sow on
