#!/usr/bin/env bash
# Installs the desktop programs the clipboard and drag-and-drop tests talk to, from Debian's
# packages: Xvfb (an X server of the tests' own), xclip and xsel (the X11 clients they check
# against), xdotool (the pointer the drag tests move), Chromium (the real client they drag into
# and out of), sway (a Wayland compositor of their own,
# headless) and wl-clipboard (wl-copy and wl-paste). Quiet, and nothing to do when they are there
# already; fails with the reason when it cannot install them.
#
#     Scripts/install-desktop-tools.sh
set -euo pipefail

missing=()
for program in Xvfb:xvfb xclip:xclip xsel:xsel xdotool:xdotool chromium:chromium sway:sway wl-copy:wl-clipboard wl-paste:wl-clipboard; do
    command -v "${program%%:*}" >/dev/null 2>&1 || [[ " ${missing[*]} " == *" ${program##*:} "* ]] || missing+=("${program##*:}")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

if [[ $(id -u) -ne 0 ]]; then
    if command -v sudo >/dev/null 2>&1; then
        sudo=(sudo -n)
    else
        echo "install-desktop-tools: ${missing[*]} missing, and neither root nor sudo to install them" >&2
        exit 1
    fi
else
    sudo=()
fi
export DEBIAN_FRONTEND=noninteractive
if ! "${sudo[@]}" apt-get update -qq >/tmp/install-desktop-tools.log 2>&1 \
    || ! "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >>/tmp/install-desktop-tools.log 2>&1; then
    echo "install-desktop-tools: apt-get could not install ${missing[*]}:" >&2
    tail -20 /tmp/install-desktop-tools.log >&2
    exit 1
fi
for program in Xvfb xclip xsel xdotool chromium sway wl-copy wl-paste; do
    command -v "$program" >/dev/null 2>&1 || { echo "install-desktop-tools: $program still missing after apt-get" >&2; exit 1; }
done
