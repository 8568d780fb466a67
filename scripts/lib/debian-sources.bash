# Sourced by the scripts that build a Debian 12 root with mmdebstrap: sets `sources` to this machine's Debian sources,
# as apt has them, unless MIRROR=URL names a mirror.

sources=()
if [ -n "${MIRROR:-}" ]; then
    sources=("$MIRROR")
elif [ -f /etc/apt/sources.list.d/debian.sources ]; then
    sources=(/etc/apt/sources.list.d/debian.sources)
elif [ -s /etc/apt/sources.list ]; then
    sources=(/etc/apt/sources.list)
else
    sources=(http://deb.debian.org/debian)
fi
