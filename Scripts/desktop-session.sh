#!/usr/bin/env bash
# Runs a command inside a desktop session of its own, with no screen: an X server (Xvfb) or a
# Wayland compositor (sway on wlroots' headless backend), started for the command and stopped after
# it. The way to try the clipboard on a server or in a container (Docs/Clipboard.md, "Try it").
#
#   Scripts/desktop-session.sh x11 -- COMMAND [ARGUMENT…]       # DISPLAY set
#   Scripts/desktop-session.sh wayland -- COMMAND [ARGUMENT…]   # WAYLAND_DISPLAY, XDG_RUNTIME_DIR set
#
# Needs Debian's xvfb (x11) or sway (wayland): Scripts/install-desktop-tools.sh. sway refuses to run
# as root: as root, the compositor runs as `nobody` (setpriv) in a runtime directory the command can
# use too. Exits with the command's status; 69 when the session cannot start.
set -euo pipefail

usage="usage: Scripts/desktop-session.sh x11|wayland -- COMMAND [ARGUMENT…]"
kind=${1:?$usage}
shift
[ "${1:-}" = "--" ] && shift
[ $# -gt 0 ] || { echo "$usage" >&2; exit 64; }

fail() { echo "desktop-session: $*" >&2; exit 69; }

case "$kind" in
  x11)
    command -v Xvfb >/dev/null || fail "Xvfb is not installed (Scripts/install-desktop-tools.sh)"
    # -displayfd: the server picks a free display number and writes it once it accepts clients.
    exec {numbers}< <(Xvfb -displayfd 1 -nolisten tcp -screen 0 640x480x24 2>/dev/null & echo "pid $!")
    read -r _ server <&"$numbers"
    read -r -t 10 number <&"$numbers" || { kill "$server" 2>/dev/null; fail "Xvfb did not start in 10 seconds"; }
    trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null || true' EXIT
    status=0
    DISPLAY=":$number" "$@" || status=$?
    exit "$status"
    ;;
  wayland)
    command -v sway >/dev/null || fail "sway is not installed (Scripts/install-desktop-tools.sh)"
    runtime=$(mktemp -d /tmp/desktop-session.XXXXXX)
    chmod 0700 "$runtime"
    # sway runs a configuration's exec lines once it serves: the last writes the socket's name on
    # descriptor 3, which sway holds while it runs (so its exit before serving ends the pipe).
    cat > "$runtime/config" <<'EOF_CONFIG'
xwayland disable
exec printf '%s\n' "$WAYLAND_DISPLAY" >&3
EOF_CONFIG
    run=(env -i PATH=/usr/local/bin:/usr/bin:/bin HOME="$runtime" XDG_RUNTIME_DIR="$runtime"
      WLR_BACKENDS=headless WLR_RENDERER=pixman WLR_LIBINPUT_NO_DEVICES=1 sway -c "$runtime/config")
    if [ "$(id -u)" = 0 ]; then
      command -v setpriv >/dev/null || fail "sway refuses to run as root, and setpriv is not installed"
      chown nobody: "$runtime"
      run=(setpriv --reuid=nobody --regid=nogroup --clear-groups -- "${run[@]}")
    fi
    exec {names}< <("${run[@]}" 3>&1 >/dev/null 2>"$runtime/sway.log" </dev/null & echo "pid $!")
    read -r _ server <&"$names"
    trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null || true; rm -rf "$runtime"' EXIT
    socket=
    read -r -t 10 socket <&"$names" \
      || fail "sway did not serve in 10 seconds, or exited: $(tail -c 600 "$runtime/sway.log")"
    # The compositor's socket is the command's, whoever runs it.
    [ "$(id -u)" = 0 ] && chmod 0777 "$runtime" && chmod 0777 "$runtime/$socket"
    status=0
    XDG_RUNTIME_DIR="$runtime" WAYLAND_DISPLAY="$socket" "$@" || status=$?
    exit "$status"
    ;;
  *) echo "$usage" >&2; exit 64 ;;
esac
