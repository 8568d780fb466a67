#ifndef FEELS_CSYSTEM_SHIM_H
#define FEELS_CSYSTEM_SHIM_H

// The poll loop needs epoll, timerfd and eventfd, and the notifier's wall-clock alarm timerfd, which Glibc's module
// map does not import.
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

#endif
