#!/usr/bin/env -S gjs -m
// An app's tips, one job a run, through Tips of feels-tips.js (a Gio proxy built from the interface XML).
//
// Each run is what an app does when something happens in its window, in one call:
//   tips-app.js anchor TIP [--follow]  a tip's anchor appeared: PresentTip; with --follow the anchor stays on
//                                      screen, and the tip is presented when TipChanged says it should display
//   tips-app.js place LOCATION         a place holding several tips appeared: PresentNextTip
//   tips-app.js close TIP              the user closed the tip: InvalidateTip tip-closed
//   tips-app.js act TIP                the user did what the tip suggests: InvalidateTip action-performed
//   tips-app.js log MOOD               the user logged a mood: LogMood
//   tips-app.js settings               the user viewed the Settings screen: SettingsViewed
// Options: --languages L1,L2 (default: GLib's, from LANGUAGE, LC_ALL, LC_MESSAGES, LANG); --timeout SECONDS for
// --follow (default 10). Exits 1 when the service refuses (the error's name on stderr) or --follow times out.

import GLib from 'gi://GLib';
import System from 'system';

import {Tips, errorName} from './feels-tips.js';

function shownLine(tip) {
    return `${tip.id}: shown at ${tip.location}, in ${tip.language || "the app's own English"}`;
}

function printWords(tip) {
    // What the anchor shows; a GThemedIcon takes icon_names as they are, symbolic first.
    print(`  ${tip.title}`);
    print(`  ${tip.message}`);
    print(`  icon: ${tip.icon_names[0]}`);
}

function anchor(tips, tipId, follow, timeout) {
    const present = () => {
        const [shown, tip] = tips.present(tipId);
        if (shown) {
            print(shownLine(tip));
            printWords(tip);
        } else {
            print(`${tip.id}: not shown: ${tip.explanation}`);
        }
        return shown;
    };
    if (!follow) {
        present();
        return 0;
    }
    // Subscribed before the first call, so that no change between the call and the wait is missed.
    const loop = new GLib.MainLoop(null, false);
    let status = 1, failure = null;
    tips.onTipChanged((changedId, location, changes) => {
        const words = Object.keys(changes).sort().map(key => `${key}=${changes[key]}`).join(', ');
        print(`TipChanged ${changedId} at ${location}: ${words}`);
        if (changedId !== tipId || changes.should_display !== true)
            return;
        try {
            if (present()) {
                status = 0;
                loop.quit();
            }
        } catch (error) {
            failure = error;
            loop.quit();
        }
    });
    if (present())
        return 0;
    print(`waiting for TipChanged of ${tipId}`);
    GLib.timeout_add_seconds(GLib.PRIORITY_DEFAULT, timeout, () => {
        loop.quit();
        return GLib.SOURCE_REMOVE;
    });
    loop.run();
    if (failure !== null)
        throw failure;
    return status;
}

function place(tips, location) {
    const tip = tips.presentNext(location);
    if (tip === null) {
        print(`${location}: no tip to show now`);
    } else {
        print(shownLine(tip));
        printWords(tip);
    }
    return 0;
}

function main(args) {
    let languages = null, timeout = 10, follow = false;
    const positional = [];
    for (let i = 0; i < args.length; i++) {
        if (args[i] === '--languages')
            languages = args[++i].split(',');
        else if (args[i] === '--timeout')
            timeout = Number(args[++i]);
        else if (args[i] === '--follow')
            follow = true;
        else
            positional.push(args[i]);
    }
    const [event, what = ''] = positional;
    if (!['anchor', 'place', 'close', 'act', 'log', 'settings'].includes(event)) {
        printerr('Usage: tips-app.js [--languages L1,L2] anchor TIP [--follow [--timeout S]] | place LOCATION | ' +
            'close TIP | act TIP | log MOOD | settings');
        return 2;
    }

    const tips = new Tips(languages);
    try {
        switch (event) {
        case 'anchor':
            return anchor(tips, what, follow, timeout);
        case 'place':
            return place(tips, what);
        case 'close':
            tips.close(what);
            print(`${what}: closed`);
            break;
        case 'act':
            tips.actionPerformed(what);
            print(`${what}: action performed`);
            break;
        case 'log': {
            const count = tips.logMood(what);
            print(`logged ${what}: ${count} mood${count === 1 ? '' : 's'}`);
            break;
        }
        case 'settings':
            tips.settingsViewed();
            print('settings viewed');
            break;
        }
    } catch (error) {
        if (!(error instanceof GLib.Error))
            throw error;
        const [name, message] = errorName(error);
        printerr(`${event} ${what}: ${name}: ${message}`);
        return 1;
    }
    return 0;
}

System.exit(main(System.programArgs));
