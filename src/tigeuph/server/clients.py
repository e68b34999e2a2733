"""Who a request comes from, as the server's per-client limits count it: :class:`Clients`.

A client is the address a request came from, every address of one IPv6 /64 counted as one
client: a host given IPv6 usually holds a whole /64 (2^64 addresses), so counting each
address apart would give it as many shares as it likes. An IPv4-mapped IPv6 address is its
IPv4 address.

Behind a reverse proxy every request comes from the proxy, whose ``X-Forwarded-For`` names the
client. Any client may send that header too, so it is read only when the request comes from a
proxy the operator trusts (``ServerLimits.trusted_proxies``, ``--trust-proxy``): the client is
then the last address of the header that is no trusted proxy's. Each proxy appends the address
it was sent from, so the entries on the right are the trusted proxies' own, and only those on
the left of the client's can be forged.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from ipaddress import IPv4Address, IPv6Address, ip_address, ip_network
from typing import Final

__all__ = ["Clients", "client_key"]

_IPV6_CLIENT: Final = 64
"""The prefix length under which IPv6 addresses are one client."""

Address = IPv4Address | IPv6Address


def client_key(address: Address) -> str:
    """The client *address* counts as: itself for IPv4, its /64 for IPv6.

    >>> client_key(ip_address("2001:db8:1:2:3:4:5:6"))
    '2001:db8:1:2::/64'
    >>> client_key(ip_address("::ffff:192.0.2.7"))
    '192.0.2.7'
    """
    if isinstance(address, IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ip_network(f"{address}/{_IPV6_CLIENT}", strict=False))
    return str(address)


def _read_address(text: str) -> Address | None:
    """The address *text* holds, with or without a port (``[::1]:80``, ``192.0.2.7:80``)."""
    text = text.strip()
    if text.startswith("["):
        text = text[1 : text.find("]")] if "]" in text else ""
    elif text.count(":") == 1:
        text = text.partition(":")[0]
    try:
        return ip_address(text)
    except ValueError:
        return None


class Clients:
    """The client of each request, trusting ``X-Forwarded-For`` from the proxies *trusted*
    (addresses or networks) only."""

    def __init__(self, trusted: Iterable[str] = ()) -> None:
        self._trusted = tuple(ip_network(proxy, strict=False) for proxy in trusted)

    def trusts(self, address: Address) -> bool:
        """Whether *address* is a trusted proxy's."""
        return any(address in network for network in self._trusted)

    def of(self, peer: str | None, forwarded: Sequence[str] = ()) -> str:
        """The client of a request sent from *peer* (the address it came from), its
        ``X-Forwarded-For`` headers being *forwarded*.

        >>> Clients().of("198.51.100.9", ["203.0.113.5"])  # no proxy is trusted
        '198.51.100.9'
        >>> Clients(["198.51.100.0/24"]).of("198.51.100.9", ["10.1.1.1, 203.0.113.5"])
        '203.0.113.5'
        """
        address = _read_address(peer or "")
        if address is None:  # not a socket's address (a test client's name): as it is
            return (peer or "unknown")[:64]
        if forwarded and self.trusts(address):
            address = self._forwarded_client(address, forwarded)
        return client_key(address)

    def _forwarded_client(self, proxy: Address, forwarded: Sequence[str]) -> Address:
        """The last address of *forwarded* that is no trusted proxy's (the first one if all
        are); *proxy*, the peer, if an entry is no address."""
        entries = [entry for header in forwarded for entry in header.split(",")]
        found = proxy
        for entry in reversed(entries):
            address = _read_address(entry)
            if address is None:
                return proxy
            found = address
            if not self.trusts(address):
                break
        return found
