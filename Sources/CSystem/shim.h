#ifndef FEELS_CSYSTEM_SHIM_H
#define FEELS_CSYSTEM_SHIM_H

// The poll loop needs epoll, timerfd and eventfd, and the reply quota malloc_trim, which Glibc's module map does not
// import.
#include <malloc.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/timerfd.h>

// Their flags are macros, which are not imported into Swift: re-exported.
static const int CSYSTEM_EPOLL_CLOEXEC = EPOLL_CLOEXEC;
static const int CSYSTEM_EFD_CLOEXEC = EFD_CLOEXEC;
static const int CSYSTEM_EFD_NONBLOCK = EFD_NONBLOCK;
static const int CSYSTEM_TFD_CLOEXEC = TFD_CLOEXEC;
static const int CSYSTEM_TFD_NONBLOCK = TFD_NONBLOCK;
static const int CSYSTEM_TFD_TIMER_ABSTIME = TFD_TIMER_ABSTIME;
static const int CSYSTEM_TFD_TIMER_CANCEL_ON_SET = TFD_TIMER_CANCEL_ON_SET;

// Zeros to copy from: the wire writer grows its byte arrays by copying them (a memcpy), where filling a new array
// with zeros byte by byte, or making it at its size through the standard library's unspecialized code, cost hundreds
// of instructions a message.
enum { CSYSTEM_ZEROS_SIZE = 4096 };
static inline const void *csystem_zeros(void) {
    static const unsigned char zeros[CSYSTEM_ZEROS_SIZE];
    return zeros;
}

#endif
