#ifndef FEELS_CGETTEXT_SHIM_H
#define FEELS_CGETTEXT_SHIM_H

// gettext is part of the GNU C library, but Glibc's Swift module map does not import <libintl.h>.
#include <libintl.h>
#include <locale.h>

#endif
