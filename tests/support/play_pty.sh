#!/bin/sh
# The play program at a terminal: run under a pseudo-terminal by script(1), it draws the board
# in colour and leaves the echo of what is typed to the terminal; with NO_COLOR set, or with
# stdout not a terminal, no escape sequence at all.
#   play_pty.sh <play executable>
set -eu
play=$1
esc=$(printf '\033')
fail() { echo "play_pty: $1"; printf '%s\n' "$2" | cat -v; exit 1; }

tty_out=$(printf '5\nquit\n' | script -qec "'$play' tic-tac-toe --depth 9 --no-timings" /dev/null)
case $tty_out in *"${esc}[1;31mX${esc}[0m"*) ;; *) fail "no red X on the terminal" "$tty_out" ;; esac
case $tty_out in *"${esc}[2m1${esc}[0m"*) ;; *) fail "no dim square number on the terminal" "$tty_out" ;; esac
case $tty_out in *"O (engine) plays 1"*"X quits"*) ;; *) fail "the game did not go as typed" "$tty_out" ;; esac
case $tty_out in *"quit): 5quit"*|*"): 5"*"): 5"*) fail "play echoed what the terminal already shows" "$tty_out" ;; esac

no_colour=$(printf 'quit\n' | NO_COLOR=1 script -qec "'$play' tic-tac-toe" /dev/null)
case $no_colour in *"$esc"*) fail "an escape sequence although NO_COLOR is set" "$no_colour" ;; esac
case $no_colour in *"X quits"*) ;; *) fail "NO_COLOR: the game did not start" "$no_colour" ;; esac

empty=$(printf 'quit\n' | NO_COLOR= script -qec "'$play' tic-tac-toe" /dev/null)
case $empty in *"${esc}[2m1${esc}[0m"*) ;; *) fail "an empty NO_COLOR turned colour off" "$empty" ;; esac

piped=$(printf 'quit\n' | "$play" tic-tac-toe)
case $piped in *"$esc"*) fail "an escape sequence on a pipe" "$piped" ;; esac
case $piped in *"quit): quit"*) ;; *) fail "a pipe's input is not echoed" "$piped" ;; esac
# Standard output closed: the writes fail, and the exit status says so.
if "$play" --list >&- 2>/dev/null; then fail "exit status 0 with standard output closed" ""; fi
echo "play_pty: colour on the terminal, none with NO_COLOR or on a pipe; a closed stdout fails"
