#!/usr/bin/env bash
# Put an `mnm` launcher on the PATH: a link to BIN/mnm (default: this checkout's .venv/bin) in the first folder
# that is on the PATH and writable: ~/.local/bin, then /usr/local/bin. So the README's commands (`mnm play`,
# `mnm hint ...`) work as written in any folder, without activating the venv. An `mnm` there that is not such a
# link is left alone. With no folder on the PATH, the link goes to ~/.local/bin and the message says how to
# reach it (Debian's ~/.profile puts ~/.local/bin on the PATH of the next login when the folder exists).
# Usage: scripts/install_launcher.sh [BIN]
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
bin=${1:-$here/.venv/bin}
say() { echo "start.sh: $*" >&2; }
[ -x "$bin/mnm" ] || { say "no $bin/mnm to link (pip install -e . makes it)"; exit 1; }
on_path() { case ":$PATH:" in *":$1:"*) return 0 ;; *) return 1 ;; esac; }
link_in() {
  local dir=$1
  if [ -e "$dir/mnm" ] && [ ! -L "$dir/mnm" ]; then
    say "$dir/mnm exists and is not our link: left alone (type $bin/mnm)"
    return 1
  fi
  ln -sfn "$bin/mnm" "$dir/mnm"
}
for dir in "$HOME/.local/bin" /usr/local/bin; do
  if on_path "$dir" && mkdir -p "$dir" 2>/dev/null && [ -w "$dir" ] && link_in "$dir"; then
    say "'mnm' now runs $bin/mnm from any folder (link: $dir/mnm), e.g. mnm play"
    exit 0
  fi
done
mkdir -p "$HOME/.local/bin"
link_in "$HOME/.local/bin" || exit 0
say "linked $HOME/.local/bin/mnm; that folder is not on your PATH yet: open a new login shell, or run"
say "  export PATH=\"\$HOME/.local/bin:\$PATH\"   (or type $bin/mnm, or 'source .venv/bin/activate')"
