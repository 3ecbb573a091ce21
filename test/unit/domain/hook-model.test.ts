import { describe, expect, it } from "vitest";
import { collapseNearDuplicates } from "../../../src/domain/hooks/dedupe.js";
import { defaultEmbedder } from "../../../src/store/hooks/default-embedder.js";
import { analyseHook, HookMoveEmbedder, MIN_SIMILARITY } from "../../../src/store/hooks/hook-model.js";

const e = new HookMoveEmbedder();
const sim = (a: string, b: string) => {
  const x = e.embed(a);
  const y = e.embed(b);
  let d = 0;
  for (let i = 0; i < x.length; i++) d += (x[i] as number) * (y[i] as number);
  return d;
};

describe("the hook model: rhetorical move and topic across languages", () => {
  it("is the default embedder, with a minimum similarity", () => {
    expect(defaultEmbedder.name).toBe("hook-move-v3");
    expect(defaultEmbedder.minSimilarity).toBe(MIN_SIMILARITY);
  });

  it.each([
    ["Có nên ở khách sạn này ở Đà Lạt không?", "question", "hotel"],
    ["Should you stay at this hotel in Da Lat?", "question", "hotel"],
    ["Đừng bao giờ đặt phòng ở đây khi đến Vũng Tàu", "warning", "vungtau"],
    ["Evita este hotel en Bali", "warning", "bali"],
    ["Top 5 khách sạn view biển ở Nha Trang", "list", "beach"],
    ["5 Tempat makan murah di Bali", "list", "food"],
    ["POV: you finally booked the beach villa", "pov", "beach"],
    ["Vorher nachher: unser Zimmer", "before_after", "room"],
    ["Day 3 of the gym challenge", "challenge", "fitness"],
    ["Der beste Pool in München", "claim", "pool"],
    ["Hôm nay mình đi thực tập ở khách sạn", "story", "job"],
    // Openers of a real scrape of Vietnamese hotel videos.
    ["Khách sạn Asian Ruby chuẩn 3 sao giá siêu rẻ", "offer", "hotel"],
    ["Khách Sạn Hội An Nằm Ngay Trung Tâm Phố Cổ ✨ Chỉ 370k/2 người", "offer", "hotel"],
    ["GOLDEN HOTEL Giảm 20% đến hết 30/11.", "offer", "hotel"],
    ["Review Khách sạn Artis Đà Lạt (Lâm Đồng)", "review", "dalat"],
    ["Room Tour McRoyal Hotel", "review", "hotel"],
    ["Nếu bạn đang tìm một khách sạn Hạ Long gần biển", "target", "halong"],
    ["Save this for your next trip to Bali", "target", "bali"],
    ["lần đầu tiên các bạn du lịch tại Sài Gòn có một khách sạn các bạn không thể bỏ qua", "claim", "saigon"],
    ["Khách sạn Nha Trang gần Tháp Trầm Hương", "showcase", "nhatrang"],
    ["Chiếc phòng có bồn tắm siu lãng mạn", "showcase", "room"],
    ["Phòng Nhật 2.80k/đêm", "offer", "room"],
    [
      "Một chiếc khách sạn 4 sao Nha Trang view trực diện biển xịn xò mà chỉ 3.9.0k/ khách.",
      "offer",
      "hotel",
    ],
    ["Check in ngay khách sạn mới tinh với chiếc hồ bơi vô cực siêu đẹp này.", "showcase", "pool"],
  ])("%s → %s about %s", (text, move, topic) => {
    const a = analyseHook(text);
    expect(a.moves).toContain(move);
    expect(a.topics).toContain(topic);
  });

  it.each([
    ["Motel Như Ngọc hoà cùng niềm vui 50 năm thống nhất đất nước", "claim"],
    ["1 chiếc villa cực chill tại Hội An", "list"],
    ["Caught in 4K.", "offer"],
    ["Chiếc resort ngay trung tâm Nha Trang, đi 1m 1k góc sống ảo", "offer"],
    ["Địa điểm check in siêu hot", "review"],
  ])("%s does not make the move %s", (text, move) => {
    expect(analyseHook(text).moves).not.toContain(move);
  });

  it.each([
    ["Nghỉ tại Ks Long Life ở phố cổ Hội An.", "food"],
    ["Khách sạn Quận 1, phòng gia đình view phố cực xịn!", "price"],
    ["Mintnacie Hotel - khi màn đêm dần buông tại Phan Rang", "price"],
    ["An apple a day", "food"],
  ])("%s is not about %s", (text, topic) => {
    expect(analyseHook(text).topics).not.toContain(topic);
  });

  it("gives a part the hook lacks no shared dimension: no likeness by hash collision", () => {
    // Neither move nor topic: only the words are shared (old model: 0.92 and 0.51 through the hashed slots
    // that stood for the missing parts; what is left is a hashed word colliding now and then).
    expect(sim("Cleaning day ❤️🙋🏼‍♀️", "Take it day by day!")).toBeLessThanOrEqual(0.15 + 1e-6);
    expect(
      sim("Nghỉ hưu cũng đã rất lâu rồi .", "🔥🔥 Home giá siêuu hấp dẫn tại Cần Thơ chỉ từ 1.8.0"),
    ).toBeLessThan(0.05);
    // A hook is still fully like itself, and a vector is never longer than 1.
    for (const text of ["Cleaning day", "Review Khách sạn Artis Đà Lạt", "Hehe !", "🔥🔥"]) {
      const v = e.embed(text);
      const length = Math.sqrt(v.reduce((n, x) => n + x * x, 0));
      expect(length).toBeLessThanOrEqual(1 + 1e-6);
      expect(sim(text, text)).toBeCloseTo(length * length, 6);
    }
    expect(sim("Review Khách sạn Artis Đà Lạt", "Review Khách sạn Artis Đà Lạt")).toBeCloseTo(1, 6);
  });

  it("matches openers of the same move and topic on real data, and not across moves", () => {
    expect(
      sim("Khách sạn Asian Ruby chuẩn 3 sao giá siêu rẻ", "Rivew 1 chiếc ks có view cực xịn mà giá siêu rẻ"),
    ).toBeGreaterThanOrEqual(MIN_SIMILARITY);
    expect(
      sim(
        "Note ngay chiếc khách sạn ngay biển này khi đi Vũng Tàu nha",
        "Hè này ai đi Hội An nhớ note lại chiếc hotel boutique xinh xỉu này",
      ),
    ).toBeGreaterThanOrEqual(MIN_SIMILARITY);
    expect(sim("Epic Đồng Văn Hotel", "Khách Sạn Kỳ Vân ❤️")).toBeGreaterThanOrEqual(MIN_SIMILARITY);
    // A showcase and a question about hotels share the topic only.
    expect(sim("Epic Đồng Văn Hotel", "Có nên ở khách sạn này không?")).toBeLessThan(MIN_SIMILARITY);
  });

  it("ranks paraphrases across wording and language above the same topic with another move", () => {
    const cases: [string, string[], string[]][] = [
      [
        "Đừng bao giờ ở khách sạn này khi đến Vũng Tàu",
        [
          "Avoid this hotel in Vung Tau",
          "Evita este hotel en Vũng Tàu",
          "Jangan menginap di hotel ini di Vung Tau",
        ],
        [
          "Top 5 khách sạn đẹp nhất Vũng Tàu",
          "Review khách sạn ở Vũng Tàu",
          "POV: your Vung Tau hotel has a pool",
        ],
      ],
      [
        "Có nên đi thực tập ở khách sạn không?",
        ["Should you do an internship at a hotel?", "¿Vale la pena hacer prácticas en un hotel?"],
        ["Khách sạn 5 sao giá rẻ ở Đà Lạt", "Review khách sạn ở Cần Thơ", "Top 3 hotels for interns"],
      ],
      [
        "Top 5 resorts in Phu Quoc",
        ["5 resort đẹp nhất Phú Quốc", "Die 5 schönsten Hotels in Phu Quoc"],
        ["Phú Quốc có gì vui?", "Storytime: my Phu Quoc resort trip"],
      ],
    ];
    for (const [query, paraphrases, others] of cases) {
      const worstParaphrase = Math.min(...paraphrases.map((p) => sim(query, p)));
      const bestOther = Math.max(...others.map((o) => sim(query, o)));
      expect(worstParaphrase, query).toBeGreaterThan(bestOther);
      expect(worstParaphrase, query).toBeGreaterThanOrEqual(MIN_SIMILARITY);
    }
  });

  it("puts an unrelated hook below the minimum similarity", () => {
    expect(sim("Có nên đi thực tập ở khách sạn không?", "Day 3 of the gym challenge")).toBeLessThan(
      MIN_SIMILARITY,
    );
    expect(sim("Top 5 resorts in Phu Quoc", "My skincare routine before and after")).toBeLessThan(
      MIN_SIMILARITY,
    );
  });

  it("blocks on topic concepts and content words", () => {
    expect(e.keys("Evita este hotel en Bali")).toEqual(
      expect.arrayContaining(["T_hotel", "T_bali", "evita"]),
    );
  });
});

describe("near-duplicate captions are collapsed", () => {
  it("drops re-uploads of the query and of better-ranked neighbours", () => {
    const items = [
      "Khách sạn view biển đẹp nhất Vũng Tàu #vungtau",
      "Khách sạn view biển đẹp nhất Vũng Tàu #vungtau #xuhuong",
      "Top 5 resort Vũng Tàu",
      "TOP 5 RESORT VŨNG TÀU",
      "Evita este hotel en Vũng Tàu",
    ];
    expect(collapseNearDuplicates("Đừng ở khách sạn này ở Vũng Tàu", items, (t) => t)).toEqual([
      "Khách sạn view biển đẹp nhất Vũng Tàu #vungtau",
      "Top 5 resort Vũng Tàu",
      "Evita este hotel en Vũng Tàu",
    ]);
    expect(collapseNearDuplicates("Top 5 resort Vũng Tàu", items.slice(2), (t) => t)).toEqual([
      "Evita este hotel en Vũng Tàu",
    ]);
  });
});
