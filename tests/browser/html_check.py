#!/usr/bin/env python3
"""Checks that an HTML file is well formed, for the play-along page: a doctype, <html lang>, the
charset declared first, a title, every element closed in order (void elements excepted), no attribute
twice, ids unique, every label's 'for' and every aria reference naming an id, every button typed.
Usage: html_check.py FILE. Prints "ok NAME" or "FAIL NAME" with the problems (at most 10)."""
import sys
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class Checker(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.problems, self.ids, self.refs = [], [], {}, []
        self.doctype = self.charset_first = self.title = self.lang = False
        self.seen_tags = 0

    def where(self):
        return f"line {self.getpos()[0]}"

    def handle_decl(self, decl):
        self.doctype = self.doctype or decl.lower() == "doctype html"

    def handle_starttag(self, tag, attrs):
        self.seen_tags += 1
        names = [a for a, _ in attrs]
        if len(names) != len(set(names)):
            self.problems.append(f"{self.where()}: <{tag}> has an attribute twice")
        a = dict(attrs)
        if tag == "html":
            self.lang = bool(a.get("lang"))
        if tag == "meta" and a.get("charset", "").lower() == "utf-8" and self.stack == ["html", "head"]:
            self.charset_first = self.seen_tags == 3
        if tag == "title":
            self.title = True
        if "id" in a:
            if a["id"] in self.ids:
                self.problems.append(f"{self.where()}: id '{a['id']}' also on line {self.ids[a['id']]}")
            self.ids[a["id"]] = self.getpos()[0]
        for ref in ("for", "aria-labelledby", "aria-describedby"):
            for target in (a.get(ref) or "").split():
                self.refs.append((self.where(), ref, target))
        if tag == "button" and a.get("type") not in ("button", "submit", "reset"):
            self.problems.append(f"{self.where()}: <button> without a type")
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.problems.append(f"{self.where()}: <{tag}/> is not a void element")
            self.stack.pop()

    def handle_endtag(self, tag):
        if tag in VOID:
            self.problems.append(f"{self.where()}: </{tag}> closes a void element")
        elif not self.stack or self.stack[-1] != tag:
            self.problems.append(f"{self.where()}: </{tag}> closes <{self.stack[-1] if self.stack else 'nothing'}>")
        else:
            self.stack.pop()


def main():
    path = sys.argv[1]
    c = Checker()
    c.feed(open(path, encoding="utf-8").read())
    c.close()
    p = list(c.problems)
    if c.stack:
        p.append(f"never closed: {' '.join(c.stack)}")
    for flag, what in ((c.doctype, "no <!DOCTYPE html>"), (c.lang, "no <html lang>"),
                       (c.charset_first, "<meta charset=utf-8> is not the first element of <head>"),
                       (c.title, "no <title>")):
        if not flag:
            p.append(what)
    p += [f"{w}: {ref}='{t}' names no id" for w, ref, t in c.refs if t not in c.ids]
    if p:
        print("FAIL page-html-well-formed")
        for line in p[:10]:
            print(f"    {line}")
    else:
        print(f"ok page-html-well-formed ({len(c.ids)} ids)")


if __name__ == "__main__":
    main()
