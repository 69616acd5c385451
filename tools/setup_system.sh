#!/bin/sh
# make setup-system: the Debian packages the PDF books, the e-books and the browser tests need
# (tools/system-packages.txt: XeLaTeX and its languages, poppler, epubcheck, Chromium and its
# driver).
#
# Nothing to do when they are all installed. Otherwise, as root: apt-get update and
# apt-get install --no-install-recommends of what is missing. Not root: one line saying what
# to install, exit status 2. Installed means: dpkg knows the package as installed, where there
# is a dpkg; else (another system) that the commands are on the PATH.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck disable=SC2046,SC2086  # word splitting joins the list with single spaces
set -- $(sed -e 's/#.*//' -e 's/^[a-z-]*://' "$here/system-packages.txt")
packages="$*"
commands="xelatex latexmk kpsewhich pdftoppm pdftotext epubcheck chromium chromedriver hunspell nginx msgfmt"

missing=""
if command -v dpkg-query >/dev/null 2>&1; then
    for package in $packages; do
        status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
        case "$status" in
            *"ok installed"*) ;;
            *) missing="$missing $package" ;;
        esac
    done
else
    for name in $commands; do
        if ! command -v "$name" >/dev/null 2>&1; then
            missing=" $packages"  # which package lacks it is dpkg's to say: ask for all
            break
        fi
    done
fi
# shellcheck disable=SC2086
set -- $missing
missing="$*"

if [ -z "$missing" ]; then
    exit 0
fi

if [ "$(id -u)" != 0 ]; then
    echo "missing system packages: $missing; install them as root with: apt-get install --no-install-recommends $packages (or run 'make setup-system' as root)" >&2
    exit 2
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "missing: $missing; this is not a Debian system (no apt-get): install TeX Live with XeLaTeX, latexmk and the Danish, Swedish, German and French languages, poppler-utils, epubcheck, Chromium and chromedriver" >&2
    exit 2
fi

echo "installing system packages: $missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
# shellcheck disable=SC2086  # one word per package
apt-get install -y -q --no-install-recommends $missing
for name in $commands; do
    if ! command -v "$name" >/dev/null 2>&1; then
        echo "installed, but '$name' is still not on the PATH" >&2
        exit 1
    fi
done
