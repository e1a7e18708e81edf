"""Persian wording as a Persian reader expects it: the phrasings a Persian-speaking board gamer
marked as stiff, ambiguous or archaic are gone, and each term is the same everywhere."""

from pathlib import Path

import pytest

from pnp.render.i18n import load

PNP = Path(__file__).resolve().parents[2] / "pnp"


def catalog(folder: str) -> dict[str, str]:
    return load(PNP / folder / "text", "fa").messages


KB, GW, CM, RENDER = (catalog(f) for f in ("games/kingdom_builder", "games/great_wall", "games/carolus_magnus", "render"))


@pytest.mark.parametrize("messages, key, now, was", [
    (KB, "action.farm", "یک اقامتگاه روی یک خانه‌ی چمنزار بسازید.", "۱ اقامتگاه"),
    (KB, "action.tavern", "در یکی از دو سرِ ردیفی از دست‌کم ۳ اقامتگاهِ خودتان، یک اقامتگاه بسازید.", "یا بیشتر"),
    (KB, "action.barn", "یکی از اقامتگاه‌های خود را", "۱ اقامتگاه"),
    (KB, "action.paddock", "می‌تواند از روی هر چیزی بپرد", "از روی هر چیزی می‌پرد"),
    (KB, "action_detail.once", "کاشی‌ای که در این نوبت به دست می‌آورید", "اکنون به دست آورید"),
    (KB, "card.discoverers.goal", "در هرچه بیشترِ ردیف‌های افقی اقامتگاه بسازید.", "در هر چه بیشتر ردیف"),
    (KB, "key", "پس با چاپ سیاه‌وسفید هم می‌توان بازی کرد", "هم بازی می‌شود"),
    (GW, "key", "پس با چاپ سیاه‌وسفید هم می‌توان بازی کرد", "هم بازی می‌شود"),
    (CM, "key", "پس با چاپ سیاه‌وسفید هم می‌توان بازی کرد", "هم بازی می‌شود"),
    (GW, "end.last_round", "وقتی دسته و دستتان خالی شد، دور آخر را اعلام کنید.", "دست شما خالی است:"),
    (GW, "end.winner", "بازیکنی که بیشترین جمع را دارد برنده است", "بیشترین جمع برنده است"),
    # «برده نمی‌شود» reads as بَرده (a slave); the verb is بُردن, to win.
    (GW, "report.reopened", "دیگر کسی آن را نمی‌بَرد", "برده نمی‌شود"),
    (GW, "setup.boxed", "دو ژتون هم‌ارزش در بازی دونفره (حکم GW-1)", "مقدار برابر با ۲ بازیکن"),
    (CM, "aid.majority", "در تساوی، اکثریت با هیچ‌کس نیست", "تساوی یعنی هیچ"),
    (CM, "aid.stop", "طرفِ دارای اکثریت یک قلعه می‌سازد", "همه را جایگزین"),
    (CM, "aid.stop", "همه‌ی قلعه‌ها را با قلعه‌های خود عوض می‌کند", "، اکثریت یک قلعه"),
    (CM, "aid.end", "طرفی که بیشترین قلعه را روی قلمروها دارد برنده است", "بیشترین قلعه روی قلمروها برنده"),
    (CM, "turn.play", "(در بازی سه‌نفره، ۴ پالادین)", "با ۳ بازیکن"),
    (CM, "turn.roll", "به رنگ هر تاس، یک پالادین از مرکز بردارید", "رنگ‌های آمده"),
    (CM, "report.to", " بر ", " به "),  # a count against a count: (۱ بر ۰)
    (RENDER, "printing.sheets", "در مجموع {sheets} برگ کاغذ.", "روی هم"),
    (GW, "ability.infantry", "در مجموع ۱، ۳، ۶، ۱۰، ۱۵", "روی هم"),
    # Read again: settlements stand «روی آب» (on water) as everywhere else; the gold track's
    # note speaks of «هر بازیکن» in one person throughout.
    (KB, "card.fishermen.rule", "اقامتگاه‌های روی آب طلایی نمی‌گیرند.", "داخل آب"),
    (KB, "piece.gold_track_how", "برمی‌دارد و از ۰ ادامه می‌دهد.", "بردارید"),
    # Read a third time: goals that say "as many as you can" alike; rules in whole sentences
    # (a majority is what a side has, merging is what happens to territories); values are
    # «ارزش» as on the cards; no slash in «و/یا».
    (KB, "card.knights.goal", "در یک ردیف افقی هرچه بیشتر اقامتگاه بسازید.", "اقامتگاه‌های زیادی"),
    (KB, "card.hermits.goal", "هرچه بیشتر مجموعه‌اقامتگاهِ جدا از هم بسازید.", "بسیاری"),
    (GW, "ability.dragon", "یا روی کارت دیوار دیگری که ژتون ندارد", "کارتی بدون ژتون"),
    (GW, "reference.check", "موفقیت شما جمع ارزش کارت‌های شما", "جمع کارت‌های شما در"),
    (GW, "form.boxed", "ارزش هر جفت ژتون هم‌ارزشی که به جعبه برگشته", "مقدار هر جفت برابر"),
    (CM, "round.discs", "هر کس باید عددی متفاوت از دیگران بازی کند", "عددها متفاوت"),
    (CM, "turn.play", "در دربارتان یا روی قلمروها یا هر دو بگذارید", "و/یا"),
    (CM, "turn.move", "حرکت دهید", "ببرید"),
    (CM, "aid.majority", "طرفی که از هر طرف دیگر بیشتر دارد اکثریت دارد", "یعنی اکثریت"),
    (CM, "aid.merge", "آن قلمروها برای همیشه یکی می‌شوند", "ساختن یا تصرف کنار"),
    (CM, "setup.player", "ذخیره‌ی آغازین از تاس‌ها", "ذخیره با تاس"),
    # Read a fourth time: a worked example says which player gets what; the cut-off margin is
    # named as print shops name it; a terminal shows («نمایش می‌دهد»), only paper prints («چاپ»).
    (KB, "card.lords.rule", "مثلاً ۵ در برابر ۰: اولی ۱۲ و دومی ۶", "۵ بر ۰ یعنی"),
    (KB, "card.merchants.rule", "مجموعه‌های اقامتگاهِ شما", "مجموعه‌اقامتگاه‌های شما"),
    (RENDER, "cli.help_text.bleed", "اضافه‌ی برش (بلید)", "اضافه‌ی طرح"),
    (RENDER, "summary.pdf.other", "اضافه‌ی برش (بلید)", "حاشیه‌ی برش"),
    (RENDER, "cli.help_text.as_json", "نمایش می‌دهد", "چاپ"),
    (RENDER, "cli.help_text.desk_no_browser", "نمایش می‌دهد", "چاپ"),
    # Read a fifth time, every line: "and exit" is «خارج می‌شود» (as the check commands say «با کد ۱
    # خارج می‌شود»); an interrupted command is «لغو» (cancelled), not «متوقف» (paused).
    (RENDER, "cli.help_text.version", "نسخه را نشان می‌دهد و خارج می‌شود.", "تمام می‌کند"),
    (RENDER, "cli.help_text.help", "همین راهنما را نشان می‌دهد و خارج می‌شود.", "تمام می‌کند"),
    (RENDER, "cli.aborted", "لغو شد.", "متوقف"),
    # "boxed" had been read as «در کادر» (in a frame): equal pairs go back to the box.
    (GW, "cli.help_text.setup_great_wall", "در بازی دونفره، جفت‌های هم‌ارزش به جعبه برمی‌گردند", "در کادر"),
    # «خالی از X» means "devoid of X"; a blank position of a game takes the ezafe.
    (GW, "cli.help_text.template_great_wall", "یک وضعیت خالیِ دیوار بزرگ چین", "خالی از"),
    (CM, "cli.help_text.template_carolus_magnus", "یک وضعیت خالیِ کارولوس ماگنوس", "خالی از"),
    (CM, "cli.help_text.carolus_magnus_players", "آنچه را ۲ تا ۴ بازیکن لازم دارند چاپ می‌کند", "دارند را"),
    # Options that cannot go together are «سازگار نیست», not the colloquial «جور نیست».
    (RENDER, "problem.option.pdf_only", "با --format svg سازگار نیست", "جور نیست"),
    (RENDER, "problem.option.offset_single", "با --no-duplex یا --layout gutter-fold سازگار نیست", "جور نیست"),
    (RENDER, "problem.great_wall.total", "در کیسه{put_back}: در مجموع {total}", "روی هم"),
    (RENDER, "problem.carolus_magnus.disc", "کسی که اکنون امپراتور را حرکت می‌دهد", "الان"),
    (RENDER, "problem.yaml.name_lines", "نویسه‌ی تب", "جهش"),
    (RENDER, "problem.kingdom_builder.checked", "قطعه‌ها: {boards}؛ کارت‌ها: {cards}؛", "قطعه‌ها {boards}"),
    # One builds on a hex of the card's terrain (seed 003: «بر روی خانه‌ای در ناحیه‌ی منطبق با کارت»).
    (KB, "action.oracle", "یک اقامتگاه روی خانه‌ای از ناحیه‌ی کارتی که بازی کرده‌اید بسازید.", "روی ناحیه‌ی"),
    (KB, "turn.keep", "اگر آخرین اقامتگاهتان را از کنارش", "آخرین اقامتگاه را"),
    (KB, "explain.citizens.other", "نصف آن با گرد کردن به پایین", "رو به پایین گرد شده"),
    (KB, "form.lords", "پس مثلاً با ۵ در برابر ۰، اولی ۱۲ و دومی ۶", "۵ بر ۰ یعنی"),
    (GW, "form.dragon", "به اژدهایی که روی کارتی بازی شده  covers: N  بیفزایید", "بازی شده: covers"),
    (CM, "setup.partners", "بازیکن‌های ۱ و ۳ در {castles} قلعه‌ی سیاه شریک‌اند و بازیکن‌های ۲ و ۴", "بازیکن ۱ و ۳"),
    # "The disc laid first counts as the lower": a smaller number, not a disc that counts for less.
    (CM, "round.same", "دیسکی که زودتر گذاشته شده، کوچک‌تر به شمار می‌آید.", "کمتر به شمار"),
    (CM, "aid.end", "یک طرف همه‌ی قلعه‌هایش را روی قلمروها گذاشته است", "روی قلمروها دارد،"),
])
def test_reworded(messages, key, now, was):
    assert now in messages[key] and was not in messages[key]


def test_one_word_for_each_term():
    # The favour token is «ژتون لطف امپراتور» («عنایت» sounds archaic and religious); Carolus
    # Magnus's pieces are «پالادین», a «مکعب» (cube) only where the cubes themselves are meant.
    for messages in (KB, GW, CM, RENDER):
        assert not any("عنایت" in text for text in messages.values())
    assert GW["token"] == "لطف امپراتور" and GW["contents.tokens"] == "ژتون لطف امپراتور"
    assert [key for key, text in CM.items() if "مکعب" in text] == ["needs.cubes", "cli.help_text.paladins"]
    # "Here" and "there" are spelt one way, with a ZWNJ: «این‌جا», «آن‌جا».
    for messages in (KB, GW, CM, RENDER):
        assert not [key for key, text in messages.items() if "اینجا" in text or "آنجا" in text]
    # Great Wall's pool is «کیسه» and equal tokens «هم‌ارزش» in its messages as on its cards; the
    # castles' «ذخیره» (supply) belongs to Carolus Magnus. Carolus Magnus's middle is «مرکز».
    great_wall = {k: v for k, v in RENDER.items() if "great_wall" in k} | GW
    assert not [key for key, text in great_wall.items() if "ذخیره" in text or "یکسان به جعبه" in text]
    assert not [key for key, text in CM.items() if "وسط" in text]
    assert not [key for key, text in RENDER.items() if "جور نیست" in text and key.startswith("problem.option")]
    # An action builds «یک اقامتگاه» (one settlement), never «۱ اقامتگاه» in words.
    assert not any(text.startswith("۱ ") or "اضافی: ۱ " in text for key, text in KB.items() if key.startswith("action"))
