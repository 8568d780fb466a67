# Feels Tips: build, test, run, benchmark, install, package.
# `make` builds everything `make install` installs; `make install` only copies it, so a packager can build as a
# user and install as root (or under fakeroot) without a Swift toolchain in the install step. Neither calls a
# package manager: `scripts/deps` installs the Debian packages, and `scripts/run` and `scripts/test` call it.
#
#   make && make install             # root: into /usr/local; anyone else: into ~/.local
#   make && make install PREFIX=/usr DESTDIR=/tmp/stage
#   make uninstall                   # with the same PREFIX and DESTDIR
#   make deb                         # build/feels-tips_VERSION_amd64.deb (scripts/package)

ifeq ($(shell id -u),0)
PREFIX ?= /usr/local
else
PREFIX ?= $(HOME)/.local
endif
DESTDIR ?=
BINDIR ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share
DBUSSERVICEDIR ?= $(DATADIR)/dbus-1/services
DBUSINTERFACEDIR ?= $(DATADIR)/dbus-1/interfaces
LOCALEDIR ?= $(DATADIR)/locale
MANDIR ?= $(DATADIR)/man
BASHCOMPLETIONDIR ?= $(DATADIR)/bash-completion/completions
ZSHCOMPLETIONDIR ?= $(DATADIR)/zsh/vendor-completions
FISHCOMPLETIONDIR ?= $(DATADIR)/fish/vendor_completions.d
# systemd reads user units from $XDG_DATA_HOME/systemd/user for a user, from <prefix>/lib/systemd/user system-wide.
ifeq ($(patsubst $(HOME)/%,,$(PREFIX)),)
SYSTEMDUSERUNITDIR ?= $(DATADIR)/systemd/user
else
SYSTEMDUSERUNITDIR ?= $(PREFIX)/lib/systemd/user
endif
APPLICATIONSDIR ?= $(DATADIR)/applications
# The notifier's user unit is installed enabled, as `systemctl --user enable` would leave it (a link in
# graphical-session.target.wants), so a session started by systemd starts it; its autostart entry says
# X-systemd-skip=true, so such a session does not start it twice. The Debian package says
# ENABLE_USER_UNITS=no and lets dh_installsystemduser enable it, as `systemctl --global enable` (undone by disable).
ENABLE_USER_UNITS ?= yes
# XDG autostart entries: the user's own under ~/.config/autostart; system-wide under /etc/xdg/autostart, the one
# folder of $XDG_CONFIG_DIRS every desktop reads whatever the prefix.
SYSCONFDIR ?= /etc
ifeq ($(patsubst $(HOME)/%,,$(PREFIX)),)
AUTOSTARTDIR ?= $(HOME)/.config/autostart
else
AUTOSTARTDIR ?= $(SYSCONFDIR)/xdg/autostart
endif
# A user manager keeps the units it loaded until it reads its unit folders again: after a package's units were
# removed, it still starts /usr/bin/feels-tipsd (203/EXEC) until then. So `make install` and `make uninstall`
# without DESTDIR run `systemctl --user daemon-reload`: in your own manager for an install under your home or as a
# user, in every user's manager that runs for a system-wide install as root.
SYSTEMCTL ?= systemctl

# The programs built and installed. Each has a man page man/NAME.1.scd and completions completions/bash/NAME,
# completions/zsh/_NAME and completions/fish/NAME.fish, which follow from its name here.
PROGRAMS = feels-tipsd feels-tips feels-tips-notifier

# release for an install; debug lets the tests install what they already built. Either way the Swift runtime is
# linked in, so the binaries need only Debian's libraries (no Swift toolchain) where they are installed, and they
# carry no RUNPATH (SwiftPM's $ORIGIN would only let a library beside them in).
CONFIGURATION ?= release
SWIFT_BUILD_FLAGS ?= --static-swift-stdlib --disable-local-rpath
# A release install is stripped, as the Debian package is (debian/rules leaves it to dh_strip: STRIP=true).
STRIP ?= strip
# SwiftPM's build folder (scripts/build-static keeps one of its own), and its products folder in it (a link to
# <triple>/<configuration>): no swift call needed to find it.
SCRATCH ?= .build
PRODUCTS = $(SCRATCH)/$(CONFIGURATION)

# The translations listed in po/LINGUAS, compiled into .build/locale/LANG/LC_MESSAGES/feels-tips.mo.
LANGUAGES = $(shell cat po/LINGUAS)
CATALOGS = $(foreach language,$(LANGUAGES),.build/locale/$(language)/LC_MESSAGES/feels-tips.mo)
# Man pages from scdoc sources: each program's in section 1, the D-Bus interface's in section 5 (as systemd's).
MANPAGES = $(PROGRAMS:%=.build/man/%.1) .build/man/org.feels.Tips1.5
BASH_COMPLETIONS = $(PROGRAMS:%=completions/bash/%)
ZSH_COMPLETIONS = $(PROGRAMS:%=completions/zsh/_%)
FISH_COMPLETIONS = $(PROGRAMS:%=completions/fish/%.fish)
# Everything `make install` copies that `make` builds or that must exist beforehand.
INSTALLED_INPUTS = $(PROGRAMS:%=$(PRODUCTS)/%) $(CATALOGS) $(MANPAGES) \
	$(BASH_COMPLETIONS) $(ZSH_COMPLETIONS) $(FISH_COMPLETIONS)

# Every folder `make install` puts something in, deepest first: `make uninstall` removes each that it leaves empty,
# and the folders above it that are left empty, up to the prefix (or the configuration folder, or DESTDIR).
INSTALLED_FOLDERS = $(SYSTEMDUSERUNITDIR)/graphical-session.target.wants \
	$(foreach language,$(LANGUAGES),$(LOCALEDIR)/$(language)/LC_MESSAGES) \
	$(BINDIR) $(DBUSSERVICEDIR) $(DBUSINTERFACEDIR) $(SYSTEMDUSERUNITDIR) $(MANDIR)/man1 $(MANDIR)/man5 \
	$(BASHCOMPLETIONDIR) $(ZSHCOMPLETIONDIR) $(FISHCOMPLETIONDIR) $(APPLICATIONSDIR) $(AUTOSTARTDIR)

# $(call reload_user_managers,install): what the comment on SYSTEMCTL says, and a line saying what was done.
define reload_user_managers
	@if [ -n "$(DESTDIR)" ]; then \
		:; \
	elif [ "$$(id -u)" -ne 0 ] || [ -z "$(patsubst $(HOME)/%,,$(PREFIX))" ]; then \
		if $(SYSTEMCTL) --user show-environment >/dev/null 2>&1; then \
			$(SYSTEMCTL) --user daemon-reload \
				&& echo "make $(1): ran 'systemctl --user daemon-reload': your user manager sees the units as they are now"; \
		else \
			echo "make $(1): no user manager runs for you; the next one reads the units as they are now"; \
		fi; \
	else \
		for uid in $$($(SYSTEMCTL) list-units --no-legend --plain 'user@*.service' 2>/dev/null \
				| sed -n 's/^user@\([0-9][0-9]*\)\.service.*/\1/p'); do \
			$(SYSTEMCTL) --user --machine="$$uid@" daemon-reload \
				&& echo "make $(1): ran 'systemctl --user daemon-reload' in the user manager of UID $$uid"; \
		done; \
	fi
endef

.PHONY: all build programs locale man test lint run bench install uninstall deb clean

all: build

build: programs locale man

# SwiftPM compiles again when a source changes, not when the flags do: the flags a build was made with are kept
# beside it, and other flags start its products afresh.
programs:
	@flags="$(SWIFT_BUILD_FLAGS)"; stamp=$(SCRATCH)/$(CONFIGURATION).flags; \
	if [ -f "$$stamp" ] && [ "$$(cat "$$stamp")" != "$$flags" ]; then \
		echo "make: $(SCRATCH) was built with other flags; building $(CONFIGURATION) afresh"; \
		rm -rf "$$(readlink -f $(PRODUCTS))"; \
	fi; \
	mkdir -p $(SCRATCH) && printf '%s\n' "$$flags" > "$$stamp"
	for program in $(PROGRAMS); do \
		swift build -c $(CONFIGURATION) --scratch-path $(SCRATCH) $(SWIFT_BUILD_FLAGS) --product $$program || exit 1; \
	done

locale: $(CATALOGS)

.build/locale/%/LC_MESSAGES/feels-tips.mo: po/%.po
	mkdir -p $(dir $@)
	msgfmt --check -o $@ $<

man: $(MANPAGES)

.build/man/%: man/%.scd
	mkdir -p $(dir $@)
	scdoc < $< > $@.tmp
	mv $@.tmp $@

test:
	scripts/test

lint:
	scripts/lint

run:
	scripts/run

bench:
	scripts/bench

deb:
	scripts/package

clean:
	rm -rf .build/man .build/locale build

install:
	@for file in $(INSTALLED_INPUTS); do \
		[ -e "$$file" ] || { echo "make install: '$$file' is not built; run 'make' first" >&2; exit 1; }; \
	done
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(DBUSSERVICEDIR) $(DESTDIR)$(DBUSINTERFACEDIR) \
		$(DESTDIR)$(SYSTEMDUSERUNITDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man5 \
		$(DESTDIR)$(BASHCOMPLETIONDIR) $(DESTDIR)$(ZSHCOMPLETIONDIR) $(DESTDIR)$(FISHCOMPLETIONDIR)
	install -m 0755 $(PROGRAMS:%=$(PRODUCTS)/%) $(DESTDIR)$(BINDIR)
ifeq ($(CONFIGURATION),release)
	$(STRIP) $(PROGRAMS:%=$(DESTDIR)$(BINDIR)/%)
endif
	sed 's|@bindir@|$(BINDIR)|g' dbus/org.feels.Tips.service.in > $(DESTDIR)$(DBUSSERVICEDIR)/org.feels.Tips.service
	chmod 0644 $(DESTDIR)$(DBUSSERVICEDIR)/org.feels.Tips.service
	install -m 0644 dbus/org.feels.Tips1.xml $(DESTDIR)$(DBUSINTERFACEDIR)/org.feels.Tips1.xml
	sed 's|@bindir@|$(BINDIR)|g' dbus/feels-tipsd.service.in > $(DESTDIR)$(SYSTEMDUSERUNITDIR)/feels-tipsd.service
	chmod 0644 $(DESTDIR)$(SYSTEMDUSERUNITDIR)/feels-tipsd.service
	for language in $(LANGUAGES); do \
		install -D -m 0644 .build/locale/$$language/LC_MESSAGES/feels-tips.mo \
			$(DESTDIR)$(LOCALEDIR)/$$language/LC_MESSAGES/feels-tips.mo || exit 1; \
	done
	for page in $(MANPAGES); do \
		install -m 0644 $$page $(DESTDIR)$(MANDIR)/man$${page##*.}/ || exit 1; \
	done
	install -m 0644 $(BASH_COMPLETIONS) $(DESTDIR)$(BASHCOMPLETIONDIR)
	install -m 0644 $(ZSH_COMPLETIONS) $(DESTDIR)$(ZSHCOMPLETIONDIR)
	install -m 0644 $(FISH_COMPLETIONS) $(DESTDIR)$(FISHCOMPLETIONDIR)
	install -d $(DESTDIR)$(APPLICATIONSDIR) $(DESTDIR)$(AUTOSTARTDIR)
	sed 's|@bindir@|$(BINDIR)|g' desktop/org.feels.Tips.desktop.in > $(DESTDIR)$(APPLICATIONSDIR)/org.feels.Tips.desktop
	chmod 0644 $(DESTDIR)$(APPLICATIONSDIR)/org.feels.Tips.desktop
	sed 's|@bindir@|$(BINDIR)|g' desktop/feels-tips-notifier.desktop.in \
		> $(DESTDIR)$(AUTOSTARTDIR)/feels-tips-notifier.desktop
	chmod 0644 $(DESTDIR)$(AUTOSTARTDIR)/feels-tips-notifier.desktop
	sed 's|@bindir@|$(BINDIR)|g' desktop/feels-tips-notifier.service.in \
		> $(DESTDIR)$(SYSTEMDUSERUNITDIR)/feels-tips-notifier.service
	chmod 0644 $(DESTDIR)$(SYSTEMDUSERUNITDIR)/feels-tips-notifier.service
ifeq ($(ENABLE_USER_UNITS),yes)
	install -d $(DESTDIR)$(SYSTEMDUSERUNITDIR)/graphical-session.target.wants
	ln -sf ../feels-tips-notifier.service \
		$(DESTDIR)$(SYSTEMDUSERUNITDIR)/graphical-session.target.wants/feels-tips-notifier.service
endif
	$(call reload_user_managers,install)

uninstall:
	rm -f $(PROGRAMS:%=$(DESTDIR)$(BINDIR)/%) \
		$(DESTDIR)$(DBUSSERVICEDIR)/org.feels.Tips.service \
		$(DESTDIR)$(DBUSINTERFACEDIR)/org.feels.Tips1.xml \
		$(DESTDIR)$(SYSTEMDUSERUNITDIR)/feels-tipsd.service \
		$(foreach language,$(LANGUAGES),$(DESTDIR)$(LOCALEDIR)/$(language)/LC_MESSAGES/feels-tips.mo) \
		$(foreach page,$(MANPAGES),$(DESTDIR)$(MANDIR)/man$(subst .,,$(suffix $(page)))/$(notdir $(page))) \
		$(PROGRAMS:%=$(DESTDIR)$(BASHCOMPLETIONDIR)/%) \
		$(PROGRAMS:%=$(DESTDIR)$(ZSHCOMPLETIONDIR)/_%) \
		$(PROGRAMS:%=$(DESTDIR)$(FISHCOMPLETIONDIR)/%.fish) \
		$(DESTDIR)$(APPLICATIONSDIR)/org.feels.Tips.desktop \
		$(DESTDIR)$(AUTOSTARTDIR)/feels-tips-notifier.desktop \
		$(DESTDIR)$(SYSTEMDUSERUNITDIR)/feels-tips-notifier.service \
		$(DESTDIR)$(SYSTEMDUSERUNITDIR)/graphical-session.target.wants/feels-tips-notifier.service
	@for folder in $(INSTALLED_FOLDERS); do \
		folder="$(DESTDIR)$$folder"; \
		while case "$$folder" in "$(DESTDIR)$(PREFIX)"|"$(DESTDIR)$(SYSCONFDIR)"|"$(DESTDIR)$(HOME)"|"$(DESTDIR)"|""|/) false;; esac \
				&& rmdir "$$folder" 2>/dev/null; do \
			folder="$${folder%/*}"; \
		done; \
	done
	$(call reload_user_managers,uninstall)
