"""Run a command in a pseudo-terminal and answer its prompts, step by step.

usage: pty-expect.py PROMPT STEP... -- COMMAND...
Each STEP is MARK::KEY: wait until MARK has appeared on the terminal (after the previous
step's MARK) and PROMPT after it, then type KEY and Enter. A KEY of ^C sends Ctrl-C instead.
Nothing is timed: every key waits for the screen content it answers. Prints everything the
terminal showed, then exits with the command's exit code; gives up after 60 seconds.
With PTY_COLUMNS set, the terminal is that many columns wide and PTY_ROWS (default 24) rows
high (else it reports 0 for both).
"""
import os
import pty
import select
import sys
import time

sep = sys.argv.index("--")
prompt = sys.argv[1].encode()
steps = [s.split("::", 1) for s in sys.argv[2:sep]]
command = sys.argv[sep + 1:]

pid, fd = pty.fork()
if pid == 0:
    if os.environ.get("PTY_COLUMNS"):
        import fcntl, struct, termios
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", int(os.environ.get("PTY_ROWS", "24")), int(os.environ["PTY_COLUMNS"]), 0, 0))
    os.execvp(command[0], command)

seen = b""
cursor = 0
step = 0
deadline = time.time() + 60
while time.time() < deadline:
    ready, _, _ = select.select([fd], [], [], 1)
    if ready:
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    while step < len(steps):
        mark, key = steps[step][0].encode(), steps[step][1]
        at = seen.find(mark, cursor)
        if at < 0:
            break
        asked = seen.find(prompt, at + len(mark))
        if asked < 0:
            break
        os.write(fd, b"\x03" if key == "^C" else key.encode() + b"\r")
        cursor = asked + len(prompt)
        step += 1
else:
    os.kill(pid, 9)

_, status = os.waitpid(pid, 0)
sys.stdout.write(seen.decode("utf-8", "replace"))
sys.exit(os.waitstatus_to_exitcode(status) if hasattr(os, "waitstatus_to_exitcode") else status >> 8)
