#!/usr/bin/python3
# What a process is allowed, as the kernel answers: scripts/test-systemd runs it as a transient user unit with a
# unit's sandboxing directives, and without them, and compares. One line a fact, "name value"; a call the kernel
# refuses gives its errno name ("EPERM"), one it allows "ok". Usage: unit-probe.py MARKER (a name to create in /tmp).
import ctypes
import errno
import os
import socket
import sys

libc = ctypes.CDLL(None, use_errno=True)


class Facts(dict):
    """Prints each fact as it is found, so that a probe the sandbox stops still says what it found before."""

    def __setitem__(self, name, value):
        print(name, value, flush=True)
        super().__setitem__(name, value)


facts = Facts()


def outcome(result):
    """'ok', or the errno name of a failed call that returns -1."""
    return "ok" if result != -1 else errno.errorcode.get(ctypes.get_errno(), str(ctypes.get_errno()))


def attempt(call):
    """'ok', or the errno name of the OSError the call raised."""
    try:
        call()
        return "ok"
    except OSError as error:
        return errno.errorcode.get(error.errno, str(error.errno))


def in_child(call):
    """The outcome of a call made in a child process, which it may change for good."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_end)
        os.write(write_end, call().encode())
        os._exit(0)
    os.close(write_end)
    answer = os.read(read_end, 64).decode()
    os.waitpid(pid, 0)
    return answer


status = dict(line.split(":", 1) for line in open("/proc/self/status").read().splitlines() if ":" in line)
facts["umask"] = status["Umask"].strip()
facts["no_new_privs"] = status["NoNewPrivs"].strip()
facts["cap_bounding"] = status["CapBnd"].strip()
facts["seccomp"] = status["Seccomp"].strip()
facts["uid_map"] = "/".join(open("/proc/self/uid_map").read().split())

# LockPersonality=: only PER_LINUX may be set.
facts["personality"] = outcome(libc.personality(ctypes.c_ulong(0x0400000)))  # READ_IMPLIES_EXEC
# MemoryDenyWriteExecute=
libc.mmap.restype = ctypes.c_void_p
libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
mapped = libc.mmap(None, 4096, 0x1 | 0x2 | 0x4, 0x02 | 0x20, -1, 0)
facts["write_execute_mapping"] = "ok" if mapped not in (None, ctypes.c_void_p(-1).value) else \
    errno.errorcode.get(ctypes.get_errno(), "?")
# RestrictRealtime=
class SchedParam(ctypes.Structure):
    _fields_ = [("priority", ctypes.c_int)]
facts["realtime"] = outcome(libc.sched_setscheduler(0, 1, ctypes.byref(SchedParam(1))))  # SCHED_FIFO
# RestrictSUIDSGID=
suid_file = "/tmp/%s-suid" % sys.argv[1]
open(suid_file, "w").close()
facts["set_uid_bit"] = attempt(lambda: os.chmod(suid_file, 0o4755))
os.unlink(suid_file)
# RestrictNamespaces=
facts["create_user_namespace"] = in_child(lambda: outcome(libc.unshare(0x10000000)))  # CLONE_NEWUSER
# RestrictAddressFamilies=
facts["inet_socket"] = attempt(lambda: socket.socket(socket.AF_INET, socket.SOCK_STREAM).close())
facts["netlink_socket"] = attempt(lambda: socket.socket(socket.AF_NETLINK, socket.SOCK_RAW).close())
# IPAddressDeny= (not applied by a user manager): a TCP connection to a listener of its own on the loopback.
def connect_to_self():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(1)
        with socket.create_connection(listener.getsockname(), timeout=5):
            pass
facts["tcp_loopback_connection"] = attempt(connect_to_self)
# SystemCallFilter=@system-service, ~@privileged, ~@resources; SystemCallErrorNumber=EPERM.
facts["setuid_to_self"] = outcome(libc.setuid(os.getuid()))
facts["lower_priority"] = outcome(libc.setpriority(0, 0, 19))
facts["ptrace_traceme"] = in_child(lambda: outcome(libc.ptrace(0, 0, None, None)))  # outside @system-service
# ProtectClock=: adjtimex() only reading the clock's state is allowed to anyone, unless @clock is filtered.
facts["read_clock_state"] = outcome(libc.adjtimex(ctypes.byref(ctypes.create_string_buffer(512))))
# KeyringMode=private: a session keyring of its own.
libc.syscall.restype = ctypes.c_long
facts["session_keyring"] = str(libc.syscall(250, 0, -3, 1))  # keyctl(KEYCTL_GET_KEYRING_ID, SESSION, create)
# PrivateTmp=: the marker is looked for from outside afterwards.
open("/tmp/%s" % sys.argv[1], "w").close()
# PrivateDevices=
facts["dev_console"] = "present" if os.path.exists("/dev/console") else "absent"
# ProtectSystem=strict: the OS read-only.
def create_in_usr():
    path = "/usr/.%s" % sys.argv[1]
    os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
    os.unlink(path)
facts["create_in_usr"] = attempt(create_in_usr)
# ProtectKernelTunables=, ProtectControlGroups=
def read_only(path):
    return "ro" if os.statvfs(path).f_flag & os.ST_RDONLY else "rw"
facts["mount_proc_sys"] = read_only("/proc/sys")
facts["mount_cgroup"] = read_only("/sys/fs/cgroup")
# ProtectKernelModules=
facts["list_modules"] = attempt(lambda: os.listdir("/usr/lib/modules"))
# ProtectHostname=, PrivateMounts=: the namespaces, which the caller compares with the user manager's
# (another user namespace may not read those of its parent).
for kind in ("uts", "mnt"):
    facts[kind + "_namespace"] = os.readlink("/proc/self/ns/" + kind)
# ProtectProc=, ProcSubset= (not applied by a user manager): other processes and /proc's other files.
facts["read_other_process"] = attempt(lambda: open("/proc/1/cmdline").read())
facts["read_proc_cpuinfo"] = attempt(lambda: open("/proc/cpuinfo").read())
