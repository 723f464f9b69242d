"""The players' record: ratings, reliability, pace and luck, derived from the games and their log."""
