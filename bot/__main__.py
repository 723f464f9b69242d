"""`python -m bot`: start Araldo. A missing token or a bad setting is one line on stderr, exit 2."""

from __future__ import annotations

import asyncio
import logging
import sys

from pydantic import ValidationError


def main() -> int:
    from bot.settings import Settings

    try:
        settings = Settings()
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = first.get("loc") or ("settings",)
        name = str(loc[0]).upper()
        print(f"araldo: invalid setting {name}: {first.get('msg')}", file=sys.stderr)
        return 2
    if sys.argv[1:2] == ["record"]:  # the players' record's tools need the database, not Discord
        from bot.record.cli import main as record_main

        return record_main(sys.argv[2:], settings.database_url)
    if not settings.discord_token.strip():
        print("araldo: DISCORD_TOKEN is missing or empty: set it in the environment or in .env", file=sys.stderr)
        return 2
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    from bot.main import new_event_loop, run_bot, tune_gc

    tune_gc()
    try:
        with asyncio.Runner(loop_factory=new_event_loop) as runner:
            runner.run(run_bot(settings))
    except KeyboardInterrupt:
        return 0
    except Exception as exc:  # a wrong token, an unreachable database: one line, not a traceback
        import discord

        if isinstance(exc, discord.LoginFailure):
            print("araldo: Discord refused DISCORD_TOKEN (login failed)", file=sys.stderr)
            return 2
        logging.getLogger("araldo").exception("the bot stopped")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
