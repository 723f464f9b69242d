"""The Gateway side: HELLO/IDENTIFY/READY, heartbeats, RESUME with replay, and event dispatch.

A session keeps only its last `Gateway.replay_limit` events for RESUME (as Discord keeps a bounded
buffer): a long run does not hold every event it ever sent, and a RESUME from further back than the
buffer reaches is answered INVALID_SESSION, so the client identifies again."""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import zlib
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    from .emulator import Emulator

log = logging.getLogger(__name__)

OP_DISPATCH, OP_HEARTBEAT, OP_IDENTIFY, OP_PRESENCE, OP_VOICE = 0, 1, 2, 3, 4
OP_RESUME, OP_RECONNECT, OP_REQUEST_MEMBERS, OP_INVALID_SESSION, OP_HELLO, OP_HEARTBEAT_ACK = (
    6,
    7,
    8,
    9,
    10,
    11,
)


def _make_compressor(kind: str | None) -> Callable[[bytes], bytes] | None:
    """Return a per-connection frame compressor for the transport compression discord.py asked for."""
    if kind == "zlib-stream":
        comp = zlib.compressobj()
        # Z_SYNC_FLUSH makes every frame end with 00 00 ff ff, which is how discord.py finds message ends.
        return lambda raw: comp.compress(raw) + comp.flush(zlib.Z_SYNC_FLUSH)
    if kind == "zstd-stream":
        try:
            import zstandard  # type: ignore[import-not-found]

            zcomp = zstandard.ZstdCompressor().compressobj()
            return lambda raw: zcomp.compress(raw) + zcomp.flush(zstandard.COMPRESSOBJ_FLUSH_BLOCK)
        except ImportError:
            from compression import zstd  # type: ignore[import-not-found]

            scomp = zstd.ZstdCompressor()
            return lambda raw: scomp.compress(raw, scomp.FLUSH_BLOCK)
    return None


@dataclass(eq=False)
class Connection:
    ws: web.WebSocketResponse
    compress: Callable[[bytes], bytes] | None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    async def send(self, payload: dict[str, Any]) -> None:
        raw = json.dumps(payload, separators=(",", ":"))
        async with self.lock:
            if self.ws.closed:
                return
            if self.compress is None:
                await self.ws.send_str(raw)
            else:
                await self.ws.send_bytes(self.compress(raw.encode()))


REPLAY_LIMIT = 2_000  # events a session keeps for RESUME
GUILD_MESSAGES, DIRECT_MESSAGES = 1 << 9, 1 << 12
MESSAGE_EVENTS = frozenset({"MESSAGE_CREATE", "MESSAGE_UPDATE", "MESSAGE_DELETE", "MESSAGE_DELETE_BULK"})


@dataclass(eq=False)
class Session:
    """A gateway session survives dropped connections so RESUME can replay what was missed."""

    id: str
    intents: int
    seq: int = 0
    history: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=REPLAY_LIMIT))
    conn: Connection | None = None
    shard: tuple[int, int] = (0, 1)

    def owns(self, guild_id: str | None) -> bool:
        """Discord routes a guild's events to shard (guild_id >> 22) % shard_count; DMs go to shard 0."""
        if guild_id is None:
            return self.shard[0] == 0
        return (int(guild_id) >> 22) % self.shard[1] == self.shard[0]

    def wants(self, event: str, guild_id: str | None) -> bool:
        """Discord sends message events only to sessions that asked for them (GUILD_MESSAGES for
        channels, DIRECT_MESSAGES for DMs)."""
        if event not in MESSAGE_EVENTS:
            return True
        return bool(self.intents & (GUILD_MESSAGES if guild_id is not None else DIRECT_MESSAGES))


class Gateway:
    def __init__(self, emu: Emulator) -> None:
        self.emu = emu
        self.sessions: dict[str, Session] = {}
        self.connections: set[Connection] = set()
        self.heartbeat_interval_ms = 41_250
        self.replay_limit = REPLAY_LIMIT
        self.identify_count = 0
        self.resume_count = 0
        self.connected = asyncio.Event()

    # ------------------------------------------------------------------ dispatch

    @property
    def live_sessions(self) -> list[Session]:
        return list(self.sessions.values())

    async def dispatch(self, event: str, data: dict[str, Any], guild_id: str | None = None) -> None:
        """Send an event to the session owning `guild_id`; a session whose socket is down keeps it."""
        guild_id = guild_id or data.get("guild_id")
        for session in self.live_sessions:
            if session.owns(guild_id) and session.wants(event, guild_id):
                await self._dispatch_to(session, event, data)

    async def _dispatch_to(self, session: Session, event: str, data: dict[str, Any]) -> None:
        session.seq += 1
        payload = {"op": OP_DISPATCH, "t": event, "s": session.seq, "d": data}
        session.history.append(payload)
        if session.conn is not None:
            try:
                await session.conn.send(payload)
            except (ConnectionResetError, RuntimeError):
                log.debug("dispatch of %s failed, kept for resume", event)

    async def disconnect(self, close_code: int = 4000) -> None:
        for conn in list(self.connections):
            await conn.ws.close(code=close_code, message=b"emulator closed the connection")
        self.connected.clear()

    async def close(self) -> None:
        for conn in list(self.connections):
            await conn.ws.close(code=1001, message=b"emulator shutting down")

    # ------------------------------------------------------------------ websocket handler

    async def handle(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(autoping=True, max_msg_size=0)
        await ws.prepare(request)
        compression = request.query.get("compress")
        try:
            conn = Connection(ws=ws, compress=_make_compressor(compression))
        except ImportError:
            await ws.close(code=4000, message=b"unsupported compression")
            return ws
        self.connections.add(conn)
        session: Session | None = None
        try:
            await conn.send({"op": OP_HELLO, "d": {"heartbeat_interval": self.heartbeat_interval_ms}})
            async for msg in ws:
                if msg.type not in (WSMsgType.TEXT, WSMsgType.BINARY):
                    break
                payload = json.loads(msg.data)
                session = await self._on_payload(conn, session, payload) or session
        finally:
            self.connections.discard(conn)
            if session is not None and session.conn is conn:
                session.conn = None
            if not self.connections:
                self.connected.clear()
        return ws

    async def _on_payload(
        self, conn: Connection, session: Session | None, payload: dict[str, Any]
    ) -> Session | None:
        op = payload.get("op")
        data = payload.get("d")
        if op == OP_HEARTBEAT:
            await conn.send({"op": OP_HEARTBEAT_ACK})
        elif op == OP_IDENTIFY:
            if self.emu.token is not None and data.get("token") != self.emu.token:
                await conn.ws.close(code=4004, message=b"Authentication failed.")
                return None
            self.identify_count += 1
            shard_id, shard_count = (data.get("shard") or [0, 1])[:2]
            session = Session(id=secrets.token_hex(16), intents=int(data.get("intents", 0)),
                              history=deque(maxlen=self.replay_limit))
            session.shard = (int(shard_id), int(shard_count))
            # A new IDENTIFY for a shard supersedes that shard's older session.
            self.sessions = {k: v for k, v in self.sessions.items() if v.shard != session.shard}
            self.sessions[session.id] = session
            session.conn = conn
            await self._dispatch_to(session, "READY", self.emu._ready_payload(session.id, session.shard))
            for guild in self.emu.guilds.values():
                if session.owns(guild.id):
                    await self._dispatch_to(session, "GUILD_CREATE", self.emu._guild_create_payload(guild))
            self.connected.set()
            return session
        elif op == OP_RESUME:
            old = self.sessions.get(str(data.get("session_id")))
            if old is None:
                await conn.send({"op": OP_INVALID_SESSION, "d": False})
                return None
            last = int(data.get("seq") or 0)
            if old.history and last < old.history[0]["s"] - 1:  # some of what was missed is no longer kept
                await conn.send({"op": OP_INVALID_SESSION, "d": False})
                return None
            self.resume_count += 1
            old.conn = conn
            for missed in [p for p in old.history if p["s"] > last]:
                await conn.send(missed)
            await self._dispatch_to(old, "RESUMED", {})
            self.connected.set()
            return old
        elif op == OP_REQUEST_MEMBERS:
            await self._members_chunk(session, data)
        # PRESENCE_UPDATE / VOICE_STATE_UPDATE are accepted and ignored.
        return None

    async def _members_chunk(self, session: Session | None, data: dict[str, Any]) -> None:
        if session is None:
            return
        guild = self.emu.guilds.get(str(data.get("guild_id")))
        if guild is None:
            return
        wanted = {str(u) for u in data.get("user_ids") or []}
        query = (data.get("query") or "").lower()
        members = [
            m.payload()
            for m in guild.members.values()
            if (not wanted or m.user.id in wanted) and m.user.username.lower().startswith(query)
        ]
        chunk: dict[str, Any] = {"guild_id": guild.id, "members": members, "chunk_index": 0, "chunk_count": 1}
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        await self._dispatch_to(session, "GUILD_MEMBERS_CHUNK", chunk)
