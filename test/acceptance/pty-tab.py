"""Type a command line and TAB in an interactive shell in a pseudo-terminal; report what it completes.

usage: pty-tab.py READY LINE TABS EXPECT -- SHELL...
Waits for READY (the prompt), types LINE then TABS tab presses, and waits until EXPECT
appears on the screen after them. Prints the screen; exits 0 when EXPECT appeared, 1 when
the shell ended or 20 seconds passed first. Nothing is timed: each step waits for the screen.
"""
import os
import pty
import select
import sys
import time

ready, line, tabs, expect = (a.encode() for a in sys.argv[1:5])
command = sys.argv[sys.argv.index("--") + 1:]

pid, fd = pty.fork()
if pid == 0:
    os.environ["TERM"] = "xterm"
    os.execvp(command[0], command)

seen = b""
deadline = time.time() + 20


def wait_for(mark, start):
    global seen
    while time.time() < deadline:
        if seen.find(mark, start) >= 0:
            return True
        r, _, _ = select.select([fd], [], [], 1)
        if r:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                return False
            if not chunk:
                return False
            seen += chunk
    return False


found = False
if wait_for(ready, 0):
    start = len(seen)
    os.write(fd, line + b"\t" * int(tabs))
    found = wait_for(expect, start)
os.kill(pid, 9)
os.waitpid(pid, 0)
sys.stdout.write(seen.decode("utf-8", "replace"))
sys.exit(0 if found else 1)
