# The board client (web/*.js): the live game page.
