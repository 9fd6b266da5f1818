# Run by hog as `python3 -c SERVER DRIVER`: Python starts once, then every
# strategy is tabulated in a fresh process forked from it (its own process
# group, its prints on stderr) that runs the driver exactly as a python3 of
# its own would. Starting Python costs far more than forking it, and a
# contest tabulates hundreds of files.
#
# One line per message, fields separated by \x1f:
#   hog -> server  TAB path function goal exchange log max   server -> hog  the child's pid
# The child runs in the file's folder (path is absolute); its prints go to
# the file log (at most max bytes) if log is not empty, else to stderr.
#   hog -> server  REAP pid                           server -> hog  how it ended
# hog kills what is left of the child's group before REAP, and the child
# stays a zombie until then, so its group id cannot be reused meanwhile.
import importlib.util  # noqa: F401  (warm for the children)
import mmap  # noqa: F401
import operator  # noqa: F401
import os
import resource
import signal
import sys
import traceback  # noqa: F401

driver = compile(sys.argv[1], "<hog driver>", "exec")
null = os.open(os.devnull, os.O_RDONLY)

for line in sys.stdin:
    fields = line.rstrip("\n").split("\x1f")
    if fields[0] == "TAB" and len(fields) == 7:
        pid = os.fork()
        if pid == 0:
            status = 1
            try:
                os.setpgid(0, 0)
                signal.signal(signal.SIGINT, signal.SIG_DFL)
                os.dup2(null, 0)
                os.chdir(os.path.dirname(fields[1]))
                if fields[5]:
                    log = os.open(fields[5], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
                    resource.setrlimit(resource.RLIMIT_FSIZE, (int(fields[6]),) * 2)
                    os.dup2(log, 1)
                    os.dup2(log, 2)
                    os.close(log)
                else:
                    os.dup2(2, 1)
                sys.argv = ["hog-driver"] + fields[1:5]
                exec(driver, {"__name__": "hog_driver"})
                status = 0
            finally:
                try:
                    sys.stdout.flush()
                    sys.stderr.flush()
                finally:
                    os._exit(status)
        sys.stdout.write("%d\n" % pid)
        sys.stdout.flush()
    elif fields[0] == "REAP" and len(fields) == 2:
        try:
            _, code = os.waitpid(int(fields[1]), 0)
            if os.WIFSIGNALED(code):
                ended = "signal: %d" % os.WTERMSIG(code)
            else:
                ended = "exit status: %d" % os.WEXITSTATUS(code)
        except (ChildProcessError, ValueError):
            ended = "unknown"
        sys.stdout.write(ended + "\n")
        sys.stdout.flush()
