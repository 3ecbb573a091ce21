/** The corpus languages (ISO 639-1) and, per language, the text the generator writes in it. */
export const LANGUAGES = ["en", "es", "pt", "fr", "de", "id", "vi", "ja", "ko", "th", "tr", "ar"] as const;
export type Language = (typeof LANGUAGES)[number];

/** Regions (ISO 3166-1 alpha-2) with their main language and a relative share of creators. */
export const REGIONS: { code: string; language: Language; weight: number }[] = [
  { code: "US", language: "en", weight: 22 },
  { code: "GB", language: "en", weight: 7 },
  { code: "CA", language: "en", weight: 3 },
  { code: "AU", language: "en", weight: 3 },
  { code: "PH", language: "en", weight: 4 },
  { code: "MX", language: "es", weight: 6 },
  { code: "ES", language: "es", weight: 4 },
  { code: "AR", language: "es", weight: 2 },
  { code: "CO", language: "es", weight: 2 },
  { code: "BR", language: "pt", weight: 8 },
  { code: "PT", language: "pt", weight: 1 },
  { code: "FR", language: "fr", weight: 4 },
  { code: "DE", language: "de", weight: 4 },
  { code: "ID", language: "id", weight: 7 },
  { code: "VN", language: "vi", weight: 5 },
  { code: "JP", language: "ja", weight: 4 },
  { code: "KR", language: "ko", weight: 3 },
  { code: "TH", language: "th", weight: 3 },
  { code: "TR", language: "tr", weight: 3 },
  { code: "SA", language: "ar", weight: 2 },
  { code: "AE", language: "ar", weight: 1 },
  { code: "EG", language: "ar", weight: 2 },
];

export interface LanguageText {
  /** First names for handles and nicknames. */
  names: string[];
  /** Caption sentences; `{x}` is the topic. */
  captions: string[];
  /** Spoken filler for transcripts; `{x}` is the topic. */
  transcript: string[];
  /** Local "for you" style hashtags on top of fyp/foryou/viral. */
  localTags: string[];
  /** Ad disclosure hashtags. */
  disclosureTags: string[];
  /** Ad copy: `{b}` brand, `{d}` domain, `{c}` promo code, `{p}` percent. */
  paidPartnership: string;
  appCta: string;
  shopCta: string;
  promo: string;
  /** What an organic post says when it points at its bio (noise for the ad model). */
  organicLink: string;
}

export const LANGUAGE_TEXT: Record<Language, LanguageText> = {
  en: {
    names: ["emma", "jake", "olivia", "noah", "mia", "liam", "ava", "sam", "chloe", "ryan"],
    captions: ["{x} check", "my {x} routine lately", "trying something new with {x}", "{x} update, thoughts"],
    transcript: [
      "okay so today we're talking {x}",
      "this is what actually worked for me",
      "let me know in the comments",
    ],
    localTags: ["fypage", "foryoupage"],
    disclosureTags: ["ad", "sponsored"],
    paidPartnership: "Paid partnership with {b}",
    appCta: "Download the app, link in bio",
    shopCta: "Shop now at {d}",
    promo: "Use code {c} for {p}% off",
    organicLink: "full list link in bio",
  },
  es: {
    names: ["sofia", "mateo", "valentina", "diego", "camila", "lucia", "pablo", "isabela"],
    captions: ["mi rutina de {x}", "probando algo nuevo con {x}", "{x} de hoy", "hablemos de {x}"],
    transcript: ["bueno hoy les hablo de {x}", "esto es lo que me funcionó", "déjenme en comentarios"],
    localTags: ["parati", "fypシ"],
    disclosureTags: ["publicidad", "ad"],
    paidPartnership: "Colaboración pagada con {b}",
    appCta: "Descarga la app, link en la bio",
    shopCta: "Compra ya en {d}",
    promo: "Usa el código {c} para {p}% de descuento",
    organicLink: "la receta completa en el link de mi bio",
  },
  pt: {
    names: ["ana", "joao", "beatriz", "lucas", "mariana", "gabriel", "julia", "rafa"],
    captions: ["minha rotina de {x}", "testando algo novo com {x}", "{x} de hoje", "vamos falar de {x}"],
    transcript: ["então hoje eu vou falar de {x}", "foi isso que funcionou pra mim", "comenta aqui embaixo"],
    localTags: ["foryou", "paravoce"],
    disclosureTags: ["publi", "publicidade"],
    paidPartnership: "Parceria paga com {b}",
    appCta: "Baixe o app, link na bio",
    shopCta: "Compre agora em {d}",
    promo: "Use o cupom {c} e ganhe {p}% off",
    organicLink: "tudo no link da bio",
  },
  fr: {
    names: ["lea", "hugo", "manon", "louis", "ines", "jules", "camille"],
    captions: ["ma routine {x}", "j'essaie un truc nouveau en {x}", "{x} du jour", "parlons {x}"],
    transcript: [
      "alors aujourd'hui on parle de {x}",
      "voilà ce qui a marché pour moi",
      "dites-moi en commentaire",
    ],
    localTags: ["pourtoi", "foryou"],
    disclosureTags: ["pub", "partenariat"],
    paidPartnership: "Partenariat rémunéré avec {b}",
    appCta: "Télécharge l'appli, lien en bio",
    shopCta: "Achète sur {d}",
    promo: "Code {c} pour {p}% de réduction",
    organicLink: "tout est dans le lien en bio",
  },
  de: {
    names: ["lena", "paul", "hannah", "felix", "marie", "jonas", "lara"],
    captions: ["meine {x} Routine", "heute mal was Neues: {x}", "{x} Update", "reden wir über {x}"],
    transcript: [
      "also heute geht es um {x}",
      "das hat bei mir wirklich funktioniert",
      "schreibt es in die Kommentare",
    ],
    localTags: ["fürdich", "foryou"],
    disclosureTags: ["werbung", "anzeige"],
    paidPartnership: "Bezahlte Partnerschaft mit {b}",
    appCta: "Lade dir die App runter, Link in Bio",
    shopCta: "Jetzt kaufen auf {d}",
    promo: "Mit dem Code {c} sparst du {p}%",
    organicLink: "alles im Link in Bio",
  },
  id: {
    names: ["putri", "budi", "sari", "rizky", "dewi", "agus", "nabila"],
    captions: ["rutinitas {x} aku", "nyobain hal baru soal {x}", "{x} hari ini", "ngobrolin {x}"],
    transcript: ["oke jadi hari ini kita bahas {x}", "ini yang beneran works buat aku", "komen di bawah ya"],
    localTags: ["fypシ", "fyppppppppppppppppppppppp"],
    disclosureTags: ["iklan", "ad"],
    paidPartnership: "Kerja sama berbayar dengan {b}",
    appCta: "Download aplikasinya, link di bio",
    shopCta: "Beli sekarang di {d}",
    promo: "Pakai kode {c} diskon {p}%",
    organicLink: "info lengkap cek link di bio",
  },
  vi: {
    names: ["linh", "minh", "trang", "huy", "ngoc", "tuan", "thao"],
    captions: ["{x} hôm nay", "thử cái mới với {x}", "chia sẻ về {x}", "{x} cùng mình nha"],
    transcript: [
      "hôm nay mình nói về {x} nha",
      "cái này thật sự hiệu quả với mình",
      "comment cho mình biết nhé",
    ],
    localTags: ["xuhuong", "xuhuongtiktok"],
    disclosureTags: ["quangcao", "ad"],
    paidPartnership: "Hợp tác có trả phí với {b}",
    appCta: "Tải app ngay, link ở bio",
    shopCta: "Mua ngay tại {d}",
    promo: "Nhập mã {c} giảm {p}%",
    organicLink: "chi tiết ở link bio",
  },
  ja: {
    names: ["yui", "haruto", "sakura", "ren", "aoi", "sota", "mei"],
    captions: ["今日の{x}", "{x}やってみた", "最近の{x}", "{x}の記録"],
    transcript: ["今日は{x}について話します", "これが本当に効果あった", "コメントで教えてね"],
    localTags: ["おすすめ", "おすすめにのりたい"],
    disclosureTags: ["pr", "広告"],
    paidPartnership: "{b}とのタイアップ投稿",
    appCta: "アプリをダウンロード、リンクはプロフィールから",
    shopCta: "{d}で今すぐ購入",
    promo: "クーポンコード{c}で{p}%オフ",
    organicLink: "詳しくはプロフィールのリンクから",
  },
  ko: {
    names: ["jiwoo", "minjun", "seoyeon", "hajun", "yuna", "doyun", "sohee"],
    captions: ["오늘의 {x}", "{x} 새로 해봤어요", "요즘 {x}", "{x} 기록"],
    transcript: ["오늘은 {x} 이야기할게요", "이게 저한테 진짜 효과 있었어요", "댓글로 알려주세요"],
    localTags: ["추천", "fyp추천"],
    disclosureTags: ["광고", "협찬"],
    paidPartnership: "{b} 유료 광고 포함",
    appCta: "앱 다운로드는 프로필 링크에서",
    shopCta: "{d}에서 지금 구매",
    promo: "코드 {c} 입력 시 {p}% 할인",
    organicLink: "자세한 건 프로필 링크에",
  },
  th: {
    names: ["nong", "ploy", "beam", "mint", "bank", "fah", "ton"],
    captions: ["{x}วันนี้", "ลอง{x}แบบใหม่", "เรื่อง{x}", "{x}กับเรา"],
    transcript: ["วันนี้เรามาคุยเรื่อง{x}กัน", "อันนี้ได้ผลจริงสำหรับเรา", "คอมเมนต์บอกกันได้นะ"],
    localTags: ["ฟีดดดシ", "tiktokuni"],
    disclosureTags: ["โฆษณา", "ad"],
    paidPartnership: "ร่วมงานแบบมีค่าตอบแทนกับ {b}",
    appCta: "ดาวน์โหลดแอปได้ที่ลิงก์ในไบโอ",
    shopCta: "สั่งซื้อเลยที่ {d}",
    promo: "ใช้โค้ด {c} ลด {p}%",
    organicLink: "รายละเอียดที่ลิงก์ในไบโอ",
  },
  tr: {
    names: ["elif", "emir", "zeynep", "yusuf", "defne", "kerem", "ayse"],
    captions: ["{x} rutinim", "{x} ile yeni bir şey denedim", "bugünkü {x}", "{x} hakkında konuşalım"],
    transcript: ["bugün {x} hakkında konuşuyoruz", "bu benim için gerçekten işe yaradı", "yorumlarda yazın"],
    localTags: ["keşfet", "keşfetbeniöneçıkar"],
    disclosureTags: ["reklam", "işbirliği"],
    paidPartnership: "{b} ile ücretli ortaklık",
    appCta: "Uygulamayı indir, link bioda",
    shopCta: "Hemen satın al: {d}",
    promo: "{c} koduyla %{p} indirim",
    organicLink: "detaylar bio linkinde",
  },
  ar: {
    names: ["noura", "omar", "layla", "yousef", "sara", "khalid", "reem"],
    captions: ["روتيني في {x}", "جربت شيئاً جديداً في {x}", "{x} اليوم", "لنتحدث عن {x}"],
    transcript: ["اليوم سنتحدث عن {x}", "هذا ما نجح معي فعلاً", "اكتبوا لي في التعليقات"],
    localTags: ["اكسبلور", "explore"],
    disclosureTags: ["إعلان", "ad"],
    paidPartnership: "شراكة مدفوعة مع {b}",
    appCta: "حمّل التطبيق، الرابط في البايو",
    shopCta: "تسوق الآن من {d}",
    promo: "استخدم كود {c} للحصول على خصم {p}%",
    organicLink: "التفاصيل في الرابط في البايو",
  },
};
