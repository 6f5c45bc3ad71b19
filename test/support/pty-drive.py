"""Run a command in a pseudo-terminal and answer its prompts.

usage: pty-drive.py PROMPT_TEXT KEYS -- COMMAND...
Each time PROMPT_TEXT appears once more on the terminal, the next key of KEYS
(comma separated) is typed followed by Enter. Prints everything the terminal
showed, then exits with the command's exit code. Gives up after 60 seconds.
"""
import os
import pty
import select
import sys
import time

sep = sys.argv.index("--")
prompt = sys.argv[1].encode()
keys = [k for k in sys.argv[2].split(",") if k]
command = sys.argv[sep + 1:]

pid, fd = pty.fork()
if pid == 0:
    os.execvp(command[0], command)

seen = b""
answered = 0
deadline = time.time() + 60
while time.time() < deadline:
    ready, _, _ = select.select([fd], [], [], 0.2)
    if ready:
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    if answered < len(keys) and seen.count(prompt) > answered:
        time.sleep(0.05)
        os.write(fd, keys[answered].encode() + b"\r")
        answered += 1
else:
    os.kill(pid, 9)

_, status = os.waitpid(pid, 0)
sys.stdout.write(seen.decode("utf-8", "replace"))
sys.exit(os.waitstatus_to_exitcode(status) if hasattr(os, "waitstatus_to_exitcode") else status >> 8)
