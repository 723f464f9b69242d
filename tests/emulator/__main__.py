"""`python -m tests.emulator --port 8765` serves the default world for manual poking;
`python -m tests.emulator --script FILE --out DIR --as alice` plays a script against the real bot."""

from __future__ import annotations

import argparse
import asyncio
import logging
from pathlib import Path

from .emulator import Emulator


async def serve(port: int, token: str | None) -> None:
    emu = Emulator.with_default_world(port=port, token=token)
    await emu.start()
    print(f"Discord emulator on {emu.base_url}  (gateway {emu.gateway_url})")
    print(f"Point the bot at it with DISCORD_API_BASE={emu.base_url}")
    print("users:", ", ".join(f"{u.username}={u.id}" for u in emu.users.values()))
    if emu.guild is not None:
        print(f"guild {emu.guild.name}={emu.guild.id}, #general={emu.general.id}")
    try:
        await asyncio.Event().wait()
    finally:
        await emu.stop()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.emulator", description=__doc__)
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--token", default=None, help="require this bot token (default: accept any)")
    parser.add_argument("--script", type=Path, help="play this script against the real bot")
    parser.add_argument("--out", type=Path, default=Path("out"), help="where --script writes what USER saw")
    parser.add_argument("--as", dest="as_users", action="append", default=None,
                        help="whose view --script records (repeat for several: one transcript each)")
    parser.add_argument("--seed", type=int, default=None, help="every game started draws its seed from this")
    parser.add_argument("--locale", action="append", default=[], metavar="USER=LOCALE",
                        help="a user's Discord locale, e.g. erin=en-US (a new user is added)")
    parser.add_argument("--start", default=None, help="the play's clock at the start (YYYY-MM-DD HH:MM, Rome)")
    parser.add_argument("--database-url", default=None, help="bot database (default: a throwaway SQLite)")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    try:
        if args.script:
            from .script import ScriptError, parse_until, run_script

            locales = dict(item.split("=", 1) for item in args.locale)
            start_at = None
            if args.start:
                from datetime import UTC, datetime

                start_at = parse_until(args.start, datetime.now(UTC))
            try:
                paths = asyncio.run(
                    run_script(args.script, args.out, args.as_users or ["alice"], database_url=args.database_url,
                               seed=args.seed, locales=locales, start_at=start_at)
                )
            except ScriptError as exc:
                raise SystemExit(f"script failed: {exc} (output so far in {args.out})") from None
            for path in paths:
                print(path)
        else:
            asyncio.run(serve(args.port, args.token))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
