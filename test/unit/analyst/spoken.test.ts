import { describe, expect, it } from "vitest";
import { fromSpoken } from "../../../src/analyst/local/spoken.js";

/** Questions dictated to a voice assistant (.scratch/new111.txt), as a typist would have written them. */
describe("fromSpoken: dictated questions", () => {
  it.each([
    [
      "um so which account posted the most videos in the whole hotel thing like overall",
      "so which account posted the most videos in the whole hotel thing overall",
    ],
    [
      "okay so basically i want the top five no wait top three most viewed videos from da lot and who posted them",
      "okay i want top 3 most viewed videos from da lat and who posted them",
    ],
    [
      "how many videos are there for hashtag vung tau versus hashtag da lat like just the counts",
      "how many videos are there for #vungtau versus #dalat just the counts",
    ],
    [
      "uh what's the median views for a video in the hotel ha jang search because it feels really low",
      "what's the median views for a video in the hotel ha giang search because it feels really low",
    ],
    [
      "so at sign an choi vung tau seventy two how many videos do they have and what's their average plays",
      "so @anchoivungtau72 how many videos do they have and what's their average plays",
    ],
    [
      "show me like ten example videos about fu kwok with the most saves",
      "show me 10 example videos about phu quoc with the most saves",
    ],
    [
      "um which is better for likes per play nya trang or dah nang",
      "which is better for likes per play nha trang or da nang",
    ],
    [
      "so basically compare ads versus organic on saves per play i mean saves divided by plays",
      "compare ads versus organic on saves per play i mean saves divided by plays",
    ],
    [
      "what time of day do people post hotel videos the most like in vietnam time",
      "what time of day do people post hotel videos the most in vietnam time",
    ],
    [
      "um is it better to post on weekends or weekdays for hotel videos in can toe",
      "is it better to post on weekends or weekdays for hotel videos in can tho",
    ],
    [
      "how many videos were posted in twenty twenty five versus twenty twenty four",
      "how many videos were posted in 2025 versus 2024",
    ],
    [
      "which month had the most uploads um i think it was like march or april twenty twenty five",
      "which month had the most uploads i think it was march or april 2025",
    ],
    [
      "hashtag xu huong is it actually helping like do videos with hashtag xu huong get more views than ones without",
      "#xuhuong is it actually helping do videos with #xuhuong get more views than ones without",
    ],
    [
      "um what are the top ten hashtags by number of videos",
      "what are the top 10 hashtags by number of videos",
    ],
    [
      "list the accounts with over a million followers and how many videos each one has",
      "list the accounts with over 1 million followers and how many videos each one has",
    ],
    [
      "so at sign haiduong one t had like two videos with crazy views how many plays total and what were they about",
      "so @haiduong1t had 2 videos with crazy views how many plays total and what were they about",
    ],
    [
      "the nha trang video by cuchoamiiiii that got thirteen point seven million views what's the like count and the share count on that one",
      "the nha trang video by cuchoamiiiii that got 13.7 million views what's the like count and the share count on that one",
    ],
    [
      "are videos under fifteen seconds getting more plays than ones over a minute",
      "are videos under 15 seconds getting more plays than ones over a minute",
    ],
    [
      "um how many videos are longer than like a minute and what percent is that",
      "how many videos are longer than a minute and what percent is that",
    ],
    [
      "i want like the comment rate comments per play for each city search ranked from highest to lowest",
      "i want the comment rate comments per play for each city search ranked from highest to lowest",
    ],
    [
      "uh vi vu quang binh the account how did their videos do like average likes",
      "vi vu quang binh the account how did their videos do like average likes",
    ],
    [
      "how many videos from twenty twenty three are in the high fong search",
      "how many videos from 2023 are in the hai phong search",
    ],
    [
      "top three most shared videos of all time in the hotel set no wait just in twenty twenty four",
      "top 3 most shared videos of all time in the hotel set no wait just in 2024",
    ],
    [
      "so basically what languages are the captions in and how many english ones are there",
      "what languages are the captions in and how many english ones are there",
    ],
    [
      "um the hotel luxury search what percent of those videos are even about vietnam",
      "the hotel luxury search what percent of those videos are even about vietnam",
    ],
    [
      "are there videos in the hotel search that are actually about like other countries not vietnam",
      "are there videos in the hotel search that are actually about other countries not vietnam",
    ],
    [
      "hashtag khach san tinh yeu which places is that mostly in and how many videos",
      "#khachsantinhyeu which places is that mostly in and how many videos",
    ],
    [
      "okay so what's the median likes for videos from accounts under ten k followers versus over a hundred k",
      "okay so what's the median likes for videos from accounts under 10k followers versus over 100k",
    ],
    [
      "does having more followers actually mean more views like is there a correlation",
      "does having more followers actually mean more views is there a correlation",
    ],
    [
      "which small accounts like under a thousand followers got over a million views",
      "which small accounts under 1000 followers got over 1 million views",
    ],
    [
      "um kim tram booking nha trang has seventeen videos which one did best and when was it posted",
      "kim tram booking nha trang has 17 videos which one did best and when was it posted",
    ],
    [
      "um show me videos tagged at the grand gosia hotel location and who posted them",
      "show me videos tagged at the grand gosia hotel location and who posted them",
    ],
    [
      "so basically rank the cities by total plays but like drop the one crazy outlier video in each",
      "rank the cities by total plays but drop the one crazy outlier video in each",
    ],
    [
      "how many hotel videos went over a million views and a half no i mean one and a half million",
      "how many hotel videos went over 1.5 million views",
    ],
    [
      "compare the first half of twenty twenty four with the first half of twenty twenty five on total uploads and median views",
      "compare the first half of 2024 with the first half of 2025 on total uploads and median views",
    ],
    [
      "what was posted on valentine's day like february fourteenth twenty twenty five about hotels",
      "what was posted on valentine's day february 14 2025 about hotels",
    ],
    [
      "um how many videos mention a price in the caption like five hundred k or something",
      "how many videos mention a price in the caption like 500k or something",
    ],
    [
      "so in the trending one from twenty twenty what's the most viewed video and how many likes",
      "so in the trending one from 2020 what's the most viewed video and how many likes",
    ],
    [
      "hashtag fitness in the trending data how many videos and whats their average views",
      "#fitness in the trending data how many videos and whats their average views",
    ],
    [
      "um trending videos from december twenty twenty versus october which month had more plays on average",
      "trending videos from december 2020 versus october which month had more plays on average",
    ],
    [
      "how many of the trending twenty twenty videos are from verified accounts",
      "how many of the trending 2020 videos are from verified accounts",
    ],
    [
      "um what's the average watch time for the vung tow videos like how long people actually watch",
      "what's the average watch time for the vung tau videos how long people actually watch",
    ],
    [
      "what are the videos from twenty twenty six like the newest ones",
      "what are the videos from 2026 like the newest ones",
    ],
    [
      "so ohdidi dot vn posts about both hway and hoy an right which of those got them more views on average",
      "so ohdidi.vn posts about both hue and hoi an right which of those got them more views on average",
    ],
  ])("%s", (spoken, typed) => {
    expect(fromSpoken(spoken)).toBe(typed);
  });

  // Dictated questions with nothing to rewrite: "which one", "like" as "such as", "save to like ratio",
  // and a name said without "at sign" or "dot" ("beat vn").
  it.each([
    "how many of the hotel videos are ads like the is ad ones and do they get more views than the normal ones or not",
    "what's the most saved video in the whole data set and what's its save to like ratio",
    "trending data what's the average like to view ratio and which video had the highest one",
    "what commerce categories show up for the business accounts like travel and tourism how many",
    "how many videos use the chinese song qing kong i think its spelled like that and where",
    "how many verified accounts are in the data and which one has the most videos",
    "tuyen kwang the top video was from beat vn right how many views and when",
    "how many followers did an choi vung tau gain after their viral video",
  ])("%s (as said)", (spoken) => {
    expect(fromSpoken(spoken)).toBe(spoken);
  });
});

describe("fromSpoken: numbers", () => {
  it.each([
    ["videos from twenty twenty four", "videos from 2024"],
    ["videos from twenty twenty", "videos from 2020"],
    ["videos from two thousand twenty five", "videos from 2025"],
    ["videos from two thousand and twenty", "videos from 2020"],
    ["videos from twenty nineteen", "videos from 2019"],
    ["videos from twenty oh five", "videos from 2005"],
    ["accounts under ten k followers", "accounts under 10k followers"],
    ["accounts over a hundred k", "accounts over 100k"],
    ["a price like five hundred k", "a price like 500k"],
    ["over a million views", "over 1 million views"],
    ["over one and a half million views", "over 1.5 million views"],
    ["over a million and a half views", "over 1.5 million views"],
    ["thirteen point seven million views", "13.7 million views"],
    ["two point five k likes", "2.5k likes"],
    ["under a thousand followers", "under 1000 followers"],
    ["at sign x seventy two", "@x72"],
    ["seventy two videos", "72 videos"],
    ["a hundred videos", "100 videos"],
    ["three hundred fifty videos", "350 videos"],
    ["a hundred and twenty videos", "120 videos"],
    ["between ten and twenty thousand views", "between 10000 and 20000 views"],
    ["between two hundred and five hundred likes", "between 200 and 500 likes"],
    ["ten to twenty k followers", "10 to 20k followers"],
    ["um one or two videos", "1 or 2 videos"],
    ["two and a half minutes", "2.5 minutes"],
    ["videos under fifteen seconds", "videos under 15 seconds"],
    ["um seventeen videos", "17 videos"],
    ["um show me three videos", "show me 3 videos"],
    ["um the three most viewed videos", "the 3 most viewed videos"],
    ["um top three", "top 3"],
    ["um what are the top ten", "what are the top 10"],
    ["um more than ten", "more than 10"],
    ["february fourteenth twenty twenty five", "february 14 2025"],
    ["videos from the third of march", "videos from 3 march"],
    ["videos posted on march twenty first", "videos posted on march 21"],
    ["videos from May fifth", "videos from May 5"],
    ["first half of twenty twenty four", "first half of 2024"],
  ])("%s", (spoken, typed) => {
    expect(fromSpoken(spoken)).toBe(typed);
  });
});

describe("fromSpoken: self-corrections", () => {
  it.each([
    ["top five no wait top three", "top 3"],
    ["the top five, no, top three", "top 3"],
    ["over a million and a half no i mean one and a half million", "over 1.5 million"],
    ["in twenty twenty four no wait twenty twenty five", "in 2025"],
    ["top ten sorry top five", "top 5"],
    ["videos in twenty twenty four or rather twenty twenty three", "videos in 2023"],
    ["over ten k views wait no over fifty k views", "over 50k views"],
  ])("%s", (spoken, typed) => {
    expect(fromSpoken(spoken)).toBe(typed);
  });

  it("keeps a correction between a year and a count as said", () => {
    expect(fromSpoken("videos in twenty twenty four no wait top five")).toBe("videos in 2024 no wait top 5");
  });
});

describe("fromSpoken: handles and hashtags said aloud", () => {
  it.each([
    ["at sign an choi vung tau seventy two how many videos", "@anchoivungtau72 how many videos"],
    ["so at sign haiduong one t had like two videos", "so @haiduong1t had 2 videos"],
    ["at symbol abc underscore def how many videos", "@abc_def how many videos"],
    ["at sign ohdidi dot vn posts", "@ohdidi.vn posts"],
    ["ohdidi dot vn posts about", "ohdidi.vn posts about"],
    ["hashtag vung tau versus hashtag da lat", "#vungtau versus #dalat"],
    ["hashtag khach san tinh yeu which places", "#khachsantinhyeu which places"],
    ["hashtag xu huong is it actually helping", "#xuhuong is it actually helping"],
    ["hashtag fitness in the trending data", "#fitness in the trending data"],
    ["hashtag hoi an, how many videos", "#hoian, how many videos"],
  ])("%s", (spoken, typed) => {
    expect(fromSpoken(spoken)).toBe(typed);
  });
});

describe("fromSpoken: fillers", () => {
  it.each([
    ["um which account posted the most", "which account posted the most"],
    ["Uh, how many videos are there?", "how many videos are there?"],
    ["which month hmm had the most uploads", "which month had the most uploads"],
    ["show me like ten example videos", "show me 10 example videos"],
    ["like just the counts", "just the counts"],
    ["do they get like more views", "do they get more views"],
    ["videos with like 500 likes", "videos with 500 likes"],
    ["so basically rank the cities by total plays", "rank the cities by total plays"],
    ["Which one, you know, got the most views?", "Which one, got the most views?"],
  ])("%s", (spoken, typed) => {
    expect(fromSpoken(spoken)).toBe(typed);
  });
});

/** Typed questions, and words that only look spoken: the same string back. */
describe("fromSpoken: left as written", () => {
  it.each([
    "Top 10 videos about Da Lat in 2024 by likes",
    "Which one has the highest like rate?",
    "How many videos have more than 1 million views?",
    "Compare #dalat and #vungtau",
    "videos like the one by @x",
    "What's the like-to-view ratio for hotel videos?",
    "one video or two?",
    'How many captions say "twenty twenty vibes" in 2024?',
    "Seventeen the K-pop group",
    "How many videos mention Seventeen?",
    "videos with One Direction songs",
    "videos that use Maroon 5",
    "which one did best",
    "the one with the most saves",
    "one of them",
    "no one posted in March",
    "any one of these accounts",
    "a couple of videos",
    "what's the like average likes",
    "what's the like count and the like rate",
    "likes per play, like per view and like/view",
    "I'd like to view the top videos",
    "videos like this",
    "do people like more views or more saves?",
    "what do tourists like in hotel videos",
    "Which creator is like Khoai Lang Thang?",
    "What are the videos like in Da Lat",
    "Which hashtag is used most?",
    "hashtags used in 2024",
    "Which hashtag performs best in 2024?",
    "Compare ads versus organic on saves per play, I mean saves divided by plays",
    "top 3 videos of all time no wait just in 2024",
    "How did @stay1 do in 2025?",
    "Is #seventeen trending?",
    "videos about the first half of 2025",
    "which hotel may first appear",
    "nineteen ninety nine",
    "ten k-pop videos",
    "UM campus videos",
  ])("%s", (typed) => {
    expect(fromSpoken(typed)).toBe(typed);
  });
});

/** Typed questions the first reading of dictation changed: the same string back. */
describe("fromSpoken: typed questions it must not read as dictated", () => {
  it("puts a lone number word in digits only in a question said aloud, or where it bounds a count", () => {
    expect(fromSpoken("Which five creators posted the most in the last two weeks?")).toBe(
      "Which five creators posted the most in the last two weeks?",
    );
    expect(fromSpoken("um which five creators posted the most")).toBe("which 5 creators posted the most");
    expect(fromSpoken("Are videos under fifteen seconds better?")).toBe(
      "Are videos under 15 seconds better?",
    );
  });
  it.each([
    "The hotels in Hà Giang that post by themselves, like Yên Biên Luxury Hotel and Anio Ha Giang Hotel, get very few views.",
    "How many of the verified accounts are Dutch, like Ziggo Sport, Feyenoord, Enzo Knol and Kalvijn?",
    'Is "Where Is The Love?" basically a fitness sound in this data?',
    '"ruin our friendship" by adam :) was used 3 times between 29 Nov and 1 Dec 2020.',
    "Are ad-flagged videos more likely to carry hashtag-only captions (like @mmthomecanthodanang's) than organic videos?",
    "Quick hashtag check: #fyp is on 408 videos and #foryou on 300.",
    "bao nhiêu hashtag là vừa? video 3-5 hashtag vs 10+ hashtag view median khác nhau không",
    "hashtag nào được dùng nhiều nhất",
    "hashtag nao duoc dung nhieu nhat trong cac video phu quy",
    "How much should we trust hashtag rankings built on small counts?",
    "Hashtag sweet spot for a Hoi An villa: median saves for each exact hashtag count",
    "¿Qué hashtag se usa más en los videos de hoteles de lujo?",
  ])("%s", (typed) => {
    expect(fromSpoken(typed)).toBe(typed);
  });
});

describe("fromSpoken: Vietnamese places as an English speaker says them", () => {
  it.each([
    [
      "kwang bin versus nin twan which one has more videos and which one has more total views",
      "quang binh versus ninh thuan which one has more videos and which one has more total views",
    ],
    [
      "top hashtags in the fu kwee hotel videos like phu quy island the small one",
      "top hashtags in the phu quy hotel videos like phu quy island the small one",
    ],
    ["compare hoy an and hway on median plays", "compare hoi an and hue on median plays"],
    [
      "kwang bin versus nin twan which one has more videos",
      "quang binh versus ninh thuan which one has more videos",
    ],
    ["show me ten example videos about fu kwok", "show me ten example videos about phu quoc"],
    ["which is better nya trang or dah nang", "which is better nha trang or da nang"],
    ["hai fong hotel vids w/ the most saves pls", "hai phong hotel vids w/ the most saves pls"],
    // (Quoted, and inside a handle, as written.)
    ['Is "hway" a word?', 'Is "hway" a word?'],
    ["@hway_hotel videos", "@hway_hotel videos"],
  ])("%s", (spoken, typed) => {
    expect(fromSpoken(spoken)).toBe(typed);
  });
});
