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

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/feels-tipsd \
		$(DESTDIR)$(DBUSSERVICEDIR)/org.feels.Tips.service \
		$(DESTDIR)$(DBUSINTERFACEDIR)/org.feels.Tips1.xml \
		$(DESTDIR)$(SYSTEMDUSERUNITDIR)/feels-tipsd.service \
		$(foreach language,$(LANGUAGES),$(DESTDIR)$(LOCALEDIR)/$(language)/LC_MESSAGES/feels-tips.mo)
