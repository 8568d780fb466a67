# Feels Tips: build, test, run, benchmark, install.
# The scripts in scripts/ do the work; these targets name them and carry PREFIX and DESTDIR.
#
#   make install                     # root: into /usr/local; anyone else: into ~/.local
#   make install PREFIX=/usr DESTDIR=/tmp/stage
#   make uninstall                   # with the same PREFIX and DESTDIR

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
# systemd reads user units from $XDG_DATA_HOME/systemd/user for a user, from <prefix>/lib/systemd/user system-wide.
ifeq ($(patsubst $(HOME)/%,,$(PREFIX)),)
SYSTEMDUSERUNITDIR ?= $(DATADIR)/systemd/user
else
SYSTEMDUSERUNITDIR ?= $(PREFIX)/lib/systemd/user
endif
APPLICATIONSDIR ?= $(DATADIR)/applications
# The notifier's user unit is installed enabled, as `systemctl --user enable` would leave it (a link in
# graphical-session.target.wants), so a session started by systemd starts it; its autostart entry says
# X-GNOME-HiddenUnderSystemd=true, so such a session does not start it twice.
# XDG autostart entries: the user's own under ~/.config/autostart; system-wide under /etc/xdg/autostart, the one
# folder of $XDG_CONFIG_DIRS every desktop reads whatever the prefix.
ifeq ($(patsubst $(HOME)/%,,$(PREFIX)),)
AUTOSTARTDIR ?= $(HOME)/.config/autostart
else
SYSCONFDIR ?= /etc
AUTOSTARTDIR ?= $(SYSCONFDIR)/xdg/autostart
endif

# release for an install; debug lets the tests install what they already built.
CONFIGURATION ?= release
SWIFT_BUILD = swift build -c $(CONFIGURATION)
BIN_PATH = $(shell swift build -c $(CONFIGURATION) --show-bin-path)

# The translations listed in po/LINGUAS, compiled into .build/locale/LANG/LC_MESSAGES/feels-tips.mo.
LANGUAGES = $(shell cat po/LINGUAS)
CATALOGS = $(foreach language,$(LANGUAGES),.build/locale/$(language)/LC_MESSAGES/feels-tips.mo)

.PHONY: all build locale test lint run bench deps install uninstall

all: build

locale: $(CATALOGS)

.build/locale/%/LC_MESSAGES/feels-tips.mo: po/%.po
	mkdir -p $(dir $@)
	msgfmt --check -o $@ $<

deps:
	scripts/deps build

build: deps locale
	$(SWIFT_BUILD) --product feels-tipsd
	$(SWIFT_BUILD) --product feels-tips-notifier

test:
	scripts/test

lint:
	scripts/lint

run:
	scripts/run

bench:
	scripts/bench

install: build
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(DBUSSERVICEDIR) $(DESTDIR)$(DBUSINTERFACEDIR) \
		$(DESTDIR)$(SYSTEMDUSERUNITDIR)
	install -m 0755 $(BIN_PATH)/feels-tipsd $(DESTDIR)$(BINDIR)/feels-tipsd
	sed 's|@bindir@|$(BINDIR)|g' dbus/org.feels.Tips.service.in > $(DESTDIR)$(DBUSSERVICEDIR)/org.feels.Tips.service
	chmod 0644 $(DESTDIR)$(DBUSSERVICEDIR)/org.feels.Tips.service
	install -m 0644 dbus/org.feels.Tips1.xml $(DESTDIR)$(DBUSINTERFACEDIR)/org.feels.Tips1.xml
	sed 's|@bindir@|$(BINDIR)|g' dbus/feels-tipsd.service.in > $(DESTDIR)$(SYSTEMDUSERUNITDIR)/feels-tipsd.service
	chmod 0644 $(DESTDIR)$(SYSTEMDUSERUNITDIR)/feels-tipsd.service
	for language in $(LANGUAGES); do \
		install -D -m 0644 .build/locale/$$language/LC_MESSAGES/feels-tips.mo \
			$(DESTDIR)$(LOCALEDIR)/$$language/LC_MESSAGES/feels-tips.mo; \
	done
	install -d $(DESTDIR)$(APPLICATIONSDIR) $(DESTDIR)$(AUTOSTARTDIR) \
		$(DESTDIR)$(SYSTEMDUSERUNITDIR)/graphical-session.target.wants
	install -m 0755 $(BIN_PATH)/feels-tips-notifier $(DESTDIR)$(BINDIR)/feels-tips-notifier
	sed 's|@bindir@|$(BINDIR)|g' desktop/org.feels.Tips.desktop.in > $(DESTDIR)$(APPLICATIONSDIR)/org.feels.Tips.desktop
	chmod 0644 $(DESTDIR)$(APPLICATIONSDIR)/org.feels.Tips.desktop
	sed 's|@bindir@|$(BINDIR)|g' desktop/feels-tips-notifier.desktop.in \
		> $(DESTDIR)$(AUTOSTARTDIR)/feels-tips-notifier.desktop
	chmod 0644 $(DESTDIR)$(AUTOSTARTDIR)/feels-tips-notifier.desktop
	sed 's|@bindir@|$(BINDIR)|g' desktop/feels-tips-notifier.service.in \
		> $(DESTDIR)$(SYSTEMDUSERUNITDIR)/feels-tips-notifier.service
	chmod 0644 $(DESTDIR)$(SYSTEMDUSERUNITDIR)/feels-tips-notifier.service
	ln -sf ../feels-tips-notifier.service \
		$(DESTDIR)$(SYSTEMDUSERUNITDIR)/graphical-session.target.wants/feels-tips-notifier.service

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/feels-tipsd \
		$(DESTDIR)$(DBUSSERVICEDIR)/org.feels.Tips.service \
		$(DESTDIR)$(DBUSINTERFACEDIR)/org.feels.Tips1.xml \
		$(DESTDIR)$(SYSTEMDUSERUNITDIR)/feels-tipsd.service \
		$(foreach language,$(LANGUAGES),$(DESTDIR)$(LOCALEDIR)/$(language)/LC_MESSAGES/feels-tips.mo) \
		$(DESTDIR)$(BINDIR)/feels-tips-notifier \
		$(DESTDIR)$(APPLICATIONSDIR)/org.feels.Tips.desktop \
		$(DESTDIR)$(AUTOSTARTDIR)/feels-tips-notifier.desktop \
		$(DESTDIR)$(SYSTEMDUSERUNITDIR)/feels-tips-notifier.service \
		$(DESTDIR)$(SYSTEMDUSERUNITDIR)/graphical-session.target.wants/feels-tips-notifier.service
	rmdir $(DESTDIR)$(SYSTEMDUSERUNITDIR)/graphical-session.target.wants 2>/dev/null || true
