#!/bin/sh
# Writes a help2man include file with a VERBS section: the --help of every verb that
# `flexure-cli --help` lists, so `man flexure-cli` holds the whole command line.
# Usage: cli-verbs-section.sh FLEXURE_CLI OUTPUT.h2m
set -eu
cli=$1
out=$2
tmp=$out.tmp
{
  echo "[VERBS]"
  # The verb table: the indented lines between "verbs:" and the first blank line.
  "$cli" --help | sed -n '/^verbs:$/,/^$/p' | sed -n 's/^  \([a-z][a-z-]*\) .*/\1/p' | while read -r verb; do
    echo ".SS $verb"
    echo ".nf"
    # roff: a backslash is \e; a line starting with . or ' would be a request.
    "$cli" "$verb" --help | sed -e 's/\\/\\e/g' -e "s/^\([.']\)/\\\\\&\1/"
    echo ".fi"
  done
} >"$tmp"
mv "$tmp" "$out"
