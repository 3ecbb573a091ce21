import { MONTH_NAMES, outsideQuotes, QUOTED } from "./lexicon.js";

/**
 * Questions written in Vietnamese, read as the English the planner reads: the words that ask (how many, which,
 * the most, the measures, the periods) are put in English; names, places, hashtags and quoted words stay as
 * written, for the passes that link them ("khách sạn Đà Lạt" is still the #khachsan and #dalat videos).
 */

/** Words a Vietnamese question asks with; a question with two or more of them (outside quotes) is read here. */
const CUES =
  /(?<![\p{L}\p{N}])(?:nào|bao nhiêu|nhất|của|những|các|được|có|không|nhé|nha|cho mình|cho tôi|về|là|trong|với|và|hơn|lượt|đăng|từ|đến|tới|năm|tháng|bỏ|kèm|giúp|mấy|ở|trở lên|kênh|mà|để|làm|dưới|trên|đều|ổn|cả|tìm|tên|chữ|giảm dần|tăng dần|nhiều|clip|xài|coi|đc|bn|hong|khum|mn|nhờ)(?![\p{L}\p{N}])/giu;

/**
 * Phrases in the order they are read (a phrase before the words in it), and the English each is read as ("" drops a
 * word of politeness or of grammar).
 */
const PHRASES: readonly (readonly [string, string])[] = [
  ["khác nhau (?:như )?thế nào", "how do they compare"],
  // ("Video nào … nhiều bình luận nhất, của ai?": the video's author, which its line says.)
  ["của ai", ""],
  // ("Video dài trên 3 phút có ai xem không": whether they are watched, their views.)
  ["(?:có )?ai (?:xem|coi)(?: không| ko)?", ""],
  ["(?:xếp (?:hạng )?|đứng )thứ mấy|hạng mấy", "what rank"],
  // ("Tỷ lệ bình luận / chia sẻ", "tỷ lệ lượt lưu trên lượt thích": one count over another.)
  [
    "t[ỷỉ] lệ (?:lượt )?(bình luận|thích|tim|chia sẻ|share|lưu|xem|view|like|save|comment|cmt)\\s*(?:/|trên)\\s*(?:lượt )?(bình luận|thích|tim|chia sẻ|share|lưu|xem|view|like|save|comment|cmt)",
    "lượt $1 / lượt $2 ratio",
  ],
  // ("1tr5 view trở lên": at least that many views.)
  ["(\\S+)\\s+(?:lượt\\s+)?(?:view|views|xem)\\s+trở lên", "at least $1 views"],
  // ("Ít nhất 3 video": a bound, not the fewest.)
  ["(?:ít nhất|tối thiểu)(?=\\s*\\d)", "at least"],
  // ("3 video": Vietnamese nouns take no plural.)
  ["([2-9]|\\d{2,}) video", "$1 videos"],
  ["(?:có )?tất cả(?= bao nhiêu)", ""],
  ["tất cả", "all"],
  ["cái nào", "which"],
  ["tiếng anh", "English"],
  ["tiếng việt", "Vietnamese"],
  ["tiếng thái", "Thai"],
  ["tiếng indonesia", "Indonesian"],
  ["tiếng hàn", "Korean"],
  ["tiếng nhật", "Japanese"],
  ["tiếng trung", "Chinese"],
  // Formal Vietnamese ("Kính nhờ anh/chị cho tôi biết …", "Xin hỏi …", "Tôi cần …", "… Xin cảm ơn."): the asking,
  // and a purpose after the question ("…, để bộ phận content tham khảo cách viết hook"), which asks nothing.
  ["(?:kính |xin )?nhờ(?: (?:anh/chị|anh chị|anh|chị|bạn|em|team))?(?: (?:tính )?giúp)?", ""],
  ["anh/chị", ""],
  ["xin (?:được )?hỏi|cho hỏi", ""],
  ["(?:xin )?(?:chân thành )?c[ảá]m ơn(?: (?:anh/chị|anh chị|bạn|nhiều))?", ""],
  ["(?:tôi|chúng tôi|mình|em) (?:rất )?(?:cần|muốn)(?: (?:biết|có|xem|hỏi|hiểu))?", ""],
  [
    "(?:,\\s*)?để (?:tôi |chúng tôi |(?:bộ phận|team)(?: \\S+)? |mình |em )?(?:dùng|làm|đối chiếu|đưa|tham khảo|xem|hiểu|biết|chuẩn bị|báo cáo|trình|viết|lập|quyết định|cân nhắc|loại)(?![\\p{L}\\p{N}])[^.?!;]*",
    "",
  ],
  [
    "tóm tắt(?: giúp)?|phân tích(?: giúp)?|cuối cùng|thực chất|cụ thể|(?:tách riêng )?số liệu|gộp (?:các|tất cả các|mọi) năm|mọi điểm đến",
    "",
  ],
  ["nếu (?:mẫu|số mẫu|số lượng) (?:đủ lớn|cho phép)", ""],
  // How the answer is to be set out, the asker's aside and words of degree: "sắp xếp theo năm tăng dần", "(không
  // phân biệt chữ hoa, chữ thường)", "trình bày dưới dạng bảng", "càng nhiều view càng tốt", "thực sự", "em tò mò",
  // "Hi anh chị", "lạ lạ", "đông lắm".
  ["sắp xếp", ""],
  ["(?:tăng|giảm) dần", ""],
  ["(?:không )?phân biệt chữ hoa(?:,)? chữ thường", ""],
  ["(?:trình bày|xuất|cho|gửi)(?: kết quả)? (?:dưới dạng|thành|theo dạng|ở dạng) bảng", ""],
  ["càng (?:nhiều|cao) (?:view|lượt xem) càng tốt", "most viewed"],
  ["càng (?:nhiều|cao) càng tốt", ""],
  ["(?:nhờ )?hệ thống", ""],
  ["so với (?:bây giờ|hiện tại|hiện nay)(?: (?:khác|thế nào|ra sao)(?: sao| gì)?)?", ""],
  ["bên (?:em|mình|tôi|chúng tôi) khách[^,.?!;]*", ""],
  ["thực sự|thật sự", ""],
  ["(?:em|mình|tôi) (?:hơi )?tò mò(?: (?:là|quá|ghê))?", ""],
  ["(?:hi|hello|chào) (?:anh chị|anh chị em|mọi người|mn|cả nhà|team)(?: ơi)?", ""],
  ["lạ lạ|lạ ghê|lạ quá", ""],
  ["(?:đông|nhiều) lắm(?: luôn)?", ""],
  ["bạn ấy|cậu ấy|anh ấy|chị ấy|bạn đó", "their"],
  ["phần lớn", "most"],
  ["biến động(?: (?:thế|như thế|ra sao|thế nào))?", "change"],
  ["(?:mấy |những |các )?dòng đầu(?: tiên)?", "opening lines"],
  // "Trend theo tháng": month by month, not a trend report ("trend report" stays one).
  ["trend(?= theo (?:tháng|năm|tuần|ngày|quý))", ""],
  ["(?:trong )?giai đoạn(?= từ| \\d)", ""],
  ["xếp hạng", "rank"],
  ["(?:các )?điểm đến", "destinations"],
  ["không (?:nói|nhắc) (?:về|đến|tới)", "not about"],
  ["(?<=t[ỷỉ] lệ\\s{1,3})share", ""],
  ["(?:từ )?cao xuống thấp|giảm dần", ""],
  ["tối ưu", "best"],
  ["chia (?:thành|theo) (?:các )?(?:nhóm|khoảng)", "by"],
  ["trích(?: dẫn)?", "quote"],
  ["(?:kho|tập|(?<!toàn )bộ) dữ liệu", "data"],
  // ("Bộ trending tháng 12/2020", "tập trending": the set, a word before the collection's name.)
  ["(?:bộ|tập)(?= trending)", "the"],
  ["(?:được |bị )?gắn cờ(?= is)", "flagged"],
  ["vượt trội", "better"],
  ["yếu tố nào", "what"],
  ["(?:nhà|người) sáng tạo nội dung", "creators"],
  ["(?:tôi|mình|em) (?:thấy|nhớ)(?: là)?(?: có)?(?: một)?", ""],
  // (Teen shorthand: "đc bn tim z", "cho mình coi", "xịn hong", "mn ơi": how many likes, show me, the best.)
  ["(?<=bao nhiêu |bn )tim", "likes"],
  ["(?:lượt )?save(?!\\s*(?:rate|/))", "saves"],
  ["(?<!t[ỷỉ] lệ\\s{0,3})share(?!\\s*(?:of|/|rate))", "shares"],
  ["bao nhiêu (?:phần trăm|%)(?= (?:video|clip|kênh|tài khoản))", "what share of"],
  ["video có(?= #)", "videos that carry"],
  ["đẹp nhất|xịn nhất|xịn|đỉnh nhất", "best"],
  ["(?:mn |mọi người )?ơi", ""],
  // Formal Vietnamese ("Cho tôi biết …", "Hãy liệt kê …", "Vui lòng nêu …"): the asking and the words of a report.
  ["(?:xin )?(?:hãy )?cho (?:tôi|mình|chúng tôi|em) biết|cho biết", "tell me"],
  ["cho (?:tôi|mình|chúng tôi|em) xem", "show me"],
  ["hãy|vui lòng|nguyên văn|tiêu biểu|việc", ""],
  ["đồng thời", "and"],
  ["con số (?:này|đó)", "it"],
  ["trung vị chung(?: của toàn bộ dữ liệu)?", "the overall median"],
  ["cao hơn hay thấp hơn", "higher or lower than"],
  ["từ (\\d[\\d.,]*\\s*\\S+)\\s+trở lên", "at least $1"],
  ["(\\d[\\d.,]*\\s*\\S+)\\s+trở lên", "at least $1"],
  ["số lượng|số(?= (?:video|lần|tài khoản|kênh|nhà sáng tạo|người theo dõi|lượt))", "the number of"],
  ["trong số (?:đó|chúng)|trong đó", "among them"],
  ["trong số", "among"],
  ["nhưng", "but"],
  ["chẳng hạn(?: như)?", "such as"],
  ["tự động", "automatic"],
  ["mức chung", "the overall"],
  ["tỉnh thành", "provinces"],
  ["(?:câu )?mở đầu bằng(?: câu)?", "opening with"],
  ["viết gì", ""],
  ["ngày đăng", "post date"],
  ["tên tài khoản|tên kênh", "account name"],
  ["bài(?=\\s*$)", "the song"],
  ["(\\d+) bài", "$1 songs"],
  ["đăng tải", "posted"],
  // ("Nên đăng video vào giờ nào?": when to post, which hour does best.)
  ["(?:có )?nên đăng", "should I post"],
  ["vừa (.{1,60}?) vừa", "both $1 and"],
  ["(?:được )?gắn nhãn quảng cáo", "labelled as ads"],
  // ("Video nào có chữ voucher mà không bị gắn cờ quảng cáo?": not flagged as an ad.)
  ["(?:mà )?không (?:bị )?gắn cờ quảng cáo", "not labelled as ads"],
  ["(?:bị |được )?gắn cờ quảng cáo", "labelled as ads"],
  ["(?:được )?gắn nhãn tài trợ|được tài trợ|tài trợ", "sponsored"],
  ["video (?:không có|không gắn) thẻ(?: này| đó)?", "videos without it"],
  ["(?:có )?(?:gắn )?thẻ(?= #)", "tagged"],
  ["gắn thẻ", "tagged"],
  ["thẻ", "hashtags"],
  ["nhóm từ khóa|từ khóa tìm kiếm|từ khóa", "search"],
  ["bản ghi lời nói|bản ghi|lời nói", "transcripts"],
  ["(?:phần )?chú thích", "captions"],
  ["phổ biến nhất", "most used"],
  ["phổ biến", "popular"],
  ["bài nhạc", "songs"],
  ["(?:tên )?tác giả", "artist"],
  ["thời lượng", "duration"],
  ["(?:đạt )?hiệu quả (?:tốt nhất|cao nhất)", "performed best"],
  ["(?:đạt )?hiệu quả (?:ra sao|thế nào|như thế nào)", "how did they perform"],
  ["hiệu quả hơn", "performs better"],
  ["(?:đạt )?hiệu quả", "performance"],
  ["vượt mốc", "over"],
  ["đạt", "get"],
  ["nội dung (?:gì|nào)", "what content"],
  ["nội dung", "content"],
  ["điều gì", "what"],
  ["tổng hợp", "list"],
  ["đánh giá", "review"],
  ["theo (?:ba|hai|bốn|các) tiêu chí", "on"],
  ["tiêu chí", "measures"],
  ["khẳng định", "say"],
  ["nêu(?: vài)?", "give"],
  ["thịnh hành toàn cầu|thịnh hành", "trending"],
  ["toàn cầu", "global"],
  ["(?:giữa )?hai năm", "the two years"],
  ["(?:có )?gắn địa điểm", "with a location tag"],
  ["địa danh|địa điểm", "place"],
  ["lưu trú", "accommodation"],
  ["tài khoản thương mại", "business accounts"],
  ["ngành du lịch", "travel industry"],
  ["chứa(?: cụm(?: từ)?)?", "containing"],
  ["cụm từ|cụm", "the phrase"],
  ["công suất phòng", "occupancy"],
  ["doanh thu", "revenue"],
  ["lượt đặt phòng", "bookings"],
  ["chi phí", "cost"],
  ["lượt hiển thị", "impressions"],
  ["giới tính", "gender"],
  ["độ tuổi", "age"],
  ["cơ cấu", "breakdown"],
  ["người xem", "viewers"],
  ["cùng kỳ năm (\\d{4})", "the same period of $1"],
  ["tăng trưởng mạnh nhất", "grew the most"],
  ["(?:bao nhiêu|mấy) lần", "how many times"],
  ["không liên quan (?:đến|tới)", "not about"],
  ["liên quan (?:đến|tới)", "about"],
  ["tài khoản chính thức", "official account"],
  ["(?:có )?ghi giá phòng", "mention room prices"],
  ["giá phòng", "room prices"],
  ["mang lại", "bring"],
  ["đối với", "for"],
  ["trên(?= đảo| tiktok)", "on"],
  ["từng người|mỗi người", "each"],
  ["cùng với", "with"],
  ["(?:trong )?từng quý|mỗi quý|theo quý", "each quarter"],
  ["xu hướng(?= số lượng| lượt| của)", "the trend of"],
  ["cho(?= trung vị| lượt| tỷ lệ)", "gives"],
  ["(?:tháng|kênh|video|năm|tuần|ngày|bài|hashtag) đó", ""],
  // ("Nhà sáng tạo khác nhau": distinct creators, the noun then read below.)
  [
    "(nhà sáng tạo|người sáng tạo|kênh|tài khoản|creators?|hashtags?|âm thanh|bài hát) khác nhau",
    "distinct $1",
  ],
  // Periods.
  ["từ đầu năm (\\d{4}) (?:đến nay|tới giờ|tới nay|đến giờ)", "since January $1"],
  ["từ đầu năm (\\d{4})", "from January $1"],
  ["(?:từ|kể từ) (.{1,40}?) (?:đến nay|tới giờ|tới nay|đến giờ|tới bây giờ|đến bây giờ)", "since $1"],
  ["kể từ", "since"],
  ["đến hết", "to"],
  // ("Đăng trước năm 2021": before 2021, not "before in 2021", which read as the year itself.)
  ["từ năm (\\d{4}) (?:đến|tới) (?:hết )?năm (\\d{4})", "from $1 to $2"],
  ["trước năm (\\d{4})", "before $1"],
  ["sau năm (\\d{4})", "after $1"],
  ["(?:kể )?từ năm (\\d{4})", "since $1"],
  ["sau", "after"],
  ["trước", "before"],
  ["quý (\\d)(?:/| năm )(\\d{4})", "Q$1 $2"],
  ["quý (\\d)", "Q$1"],
  ["(?:trong )?từng năm", "each year"],
  ["(?:trong )?từng tháng", "each month"],
  // ("Từ tháng 1 đến tháng 5 năm 2025": both months in that year.)
  ["từ tháng (\\d{1,2}) (?:đến|tới) tháng (\\d{1,2})(?:/| năm )(\\d{4})", "from $1/$3 to $2/$3"],
  ["tháng (\\d{1,2})/(\\d{4})", "$1/$2"],
  ["tháng (\\d{1,2}) năm (\\d{4})", "$1/$2"],
  ["(?:trong )?năm (\\d{4})", "in $1"],
  ["trong (?:một )?năm", ""],
  ["khung(?= \\d)", ""],
  ["ngày nào trong tuần", "which day of the week"],
  ["ngày(?=\\s+\\d)", "on"],
  ["thứ mấy", "which day of the week"],
  ["giờ nào", "which hour"],
  ["khung giờ", "hour"],
  ["tháng nào", "which month"],
  ["năm nào", "which year"],
  ["tết nguyên đán", "Tết"],
  ["trong dịp", "during"],
  ["dịp", "during"],
  ["tuần trước", "last week"],
  ["tháng trước", "last month"],
  ["năm ngoái", "last year"],
  ["hôm nay", "today"],
  ["gần đây", "recently"],
  ["qua các tháng", "month by month"],
  ["theo tháng", "by month"],
  ["theo tuần", "by week"],
  ["theo năm", "by year"],
  ["thay đổi (?:thế nào|như thế nào|ra sao)", "how did it change"],
  ["thay đổi", "change"],
  ["tăng hay giảm", "go up or down"],
  // What is asked.
  ["phân bố", "the distribution of"],
  ["(\\d+)\\s*[-–]\\s*(\\d+)\\s*nghìn", "$1k-$2k"],
  ["(\\d+)\\s*nghìn", "$1k"],
  ["(\\d+)\\s*triệu", "$1M"],
  ["dưới", "under"],
  ["trên", "over"],
  ["tìm kiếm", "search"],
  ["(?:nhạc|âm thanh) gốc", "original sound"],
  // ("Top 3 nhạc nền hot nhất": the sounds; a quoted "nhạc nền - …" is a title, left as written.)
  ["(?:các )?nhạc nền", "sounds"],
  ["hot nhất", "most viewed"],
  ["nổi nhất", "most viewed"],
  ["(?:mới |)gần nhất", "latest"],
  ["(?:là )?khi nào", "when"],
  ["ngoài", "other than"],
  ["nhạc có sẵn", "other sounds"],
  ["tỷ lệ lưu", "save rate"],
  ["tỷ lệ tương tác", "engagement rate"],
  ["tỷ lệ thích", "like rate"],
  ["mỗi tháng", "each month"],
  ["mỗi tuần", "each week"],
  ["mỗi năm", "each year"],
  ["vượt", "over"],
  ["tốt nhất", "best"],
  ["khung giờ nào", "which hour"],
  ["nhạc gì", "which sound"],
  ["được xem", "get views"],
  ["có bao nhiêu", "how many"],
  ["có mấy", "how many"],
  ["mấy", "how many"],
  ["là bao nhiêu", ""],
  ["bao nhiêu phần trăm", "what share"],
  ["bao nhiêu %", "what share"],
  ["bao nhiêu", "how many"],
  ["tỷ lệ", "the share of"],
  ["tỉ lệ", "the share of"],
  ["toàn bộ dữ liệu", "all the data"],
  ["toàn bộ", "all"],
  ["dữ liệu", "data"],
  ["so sánh", "compare"],
  ["so với", "compared with"],
  ["là những video nào", ""],
  ["những video nào", "which videos"],
  ["thành phố nào", "which city"],
  ["bên nào", "which"],
  ["(?:như )?thế nào", "how"],
  ["ra sao", "how"],
  ["do ai đăng", "who posted them"],
  ["ai đăng", "who posted"],
  ["(?:có )?ai", "who"],
  ["được dùng", "used"],
  ["sử dụng", "use"],
  ["dùng", "use"],
  ["xuất hiện", "appear"],
  ["danh sách", "list"],
  ["hay đi kèm với", "most often appear with"],
  ["đi kèm với", "appear with"],
  ["(?:được )?nhắc đến", "mention"],
  ["nhắc tới", "mention"],
  ["có nhắc", "mention"],
  ["nhắc", "mention"],
  ["ví dụ", "examples of"],
  // ("Cho em hỏi, …", "Cho mình hỏi chút": "may I ask", the asking said politely.)
  [
    "cho (?:em|mình|minh|tôi|toi|tớ) (?:được |duoc )?h(?:ỏ|o)i(?: chút| chut| xíu| xiu| với| voi| thăm| tham)?",
    "",
  ],
  ["(?:mọi người )?cho em xin", "give me"],
  ["cho mình xin", "give me"],
  ["cho mình", "give me"],
  ["cho tôi", "give me"],
  ["giúp mình", ""],
  ["liệt kê", "list"],
  // Measures.
  ["lượt xem", "views"],
  ["lượt thích", "likes"],
  ["lượt tim", "likes"],
  ["lượt chia sẻ", "shares"],
  ["lượt share", "shares"],
  ["chia sẻ", "shares"],
  ["lượt lưu", "saves"],
  ["được lưu nhiều hơn", "get more saves"],
  ["được lưu nhiều nhất", "get the most saves"],
  ["được lưu", "saved"],
  ["bình luận", "comments"],
  ["người theo dõi", "followers"],
  // ("… và kênh đó có tích xanh không?": whether the one found is verified, which its line says; no filter.)
  ["(?:và )?(?:(?:kênh|tài khoản) đó )?có tích xanh không", ""],
  ["tích xanh", "verified"],
  ["đã xác minh", "verified"],
  ["xác minh", "verified"],
  ["tương tác", "engagement"],
  ["trung bình", "average"],
  ["trung vị", "median"],
  ["tổng cộng", "in total"],
  ["tổng", "total"],
  // Who and what.
  ["nhà sáng tạo", "creators"],
  ["người sáng tạo", "creators"],
  ["tên kênh", "account"],
  ["tài khoản", "account"],
  ["kênh", "account"],
  ["thương hiệu", "brand"],
  ["nhãn hàng", "brand"],
  ["video không (?:phải )?quảng cáo", "organic videos"],
  ["video quảng cáo", "ad videos"],
  ["quảng cáo", "ads"],
  ["video thường", "organic videos"],
  ["(?:nhạc|bài hát|các bài hát) của", "songs by"],
  ["âm thanh", "sound"],
  ["bài hát", "song"],
  ["khác nhau", "distinct"],
  ["các video khác", "the other videos"],
  ["khác", "other"],
  ["cao hơn", "higher"],
  ["thấp hơn", "lower"],
  ["cuối tuần", "weekends"],
  ["ngày thường", "weekdays"],
  ["từng", "each"],
  ["video có hashtag", "videos that carry"],
  ["có hashtag", "carry"],
  ["gắn hashtag", "tagged"],
  ["gắn vị trí", "tagged at"],
  ["gắn", "tagged"],
  ["lời thoại", "transcripts"],
  ["phụ đề", "subtitles"],
  ["nổi bật", "top"],
  ["thuộc về", "about"],
  ["thuộc", ""],
  ["mới nhất", "newest"],
  ["cũ nhất", "oldest"],
  ["mới", ""],
  ["vào", ""],
  ["dài hơn", "longer than"],
  ["ngắn hơn", "shorter than"],
  ["video ngắn", "short videos"],
  ["video dài", "long videos"],
  ["giây", "seconds"],
  ["phút", "minutes"],
  ["xu hướng", "trending"],
  // Joining and grammar.
  ["nhận được", "get"],
  ["có được", "get"],
  ["được đăng", "posted"],
  ["đăng", "posted"],
  ["trong dữ liệu", "in the data"],
  ["giữa", ""],
  ["cả", "both"],
  ["chúng", "they"],
  ["xem", "views"],
  ["nhóm", ""],
  ["mỗi", "each"],
  ["thường", ""],
  ["lượt", ""],
  ["đã", ""],
  ["sẽ", ""],
  ["ở", "in"],
  ["tại", "in"],
  ["trong", "in"],
  ["về", "about"],
  ["của", "of"],
  ["và", "and"],
  ["hoặc", "or"],
  ["với", "and"],
  ["kèm", "with"],
  ["ngoại trừ", "except"],
  ["trừ", "except"],
  ["những", "the"],
  ["các", "the"],
  // Words of a question that code-switches ("so sánh view median giữa Phú Quốc và Nha Trang nha, chênh nhau khoảng
  // mấy lần vậy"): what they ask in English, or nothing (words of grammar, of the asker, of tone), so that no
  // caption word of a Vietnamese corpus is read as a topic ("chênh", "kéo lên", "còn lại", "chủ yếu").
  ["không tính|ngoại trừ", "excluding"],
  ["(?:tính )?theo giờ (?:vn|việt nam)|giờ (?:vn|việt nam)", "in Vietnam time"],
  ["(?:so với )?(?:phần )?còn lại", "the rest"],
  ["mặt bằng chung|nói chung", "overall"],
  ["(?:chênh (?:nhau|lệch)|chênh)(?: khoảng)?(?: (?:mấy|bao nhiêu) lần)?", ""],
  ["tăng trưởng", "growth"],
  // ("Cộng tổng view lại giúp em", "cộng lại": the total.)
  ["cộng(?: t[oổ]ng)? (?:view|lượt xem|luot xem) lại", "total views"],
  ["cộng(?: tổng)? lại", "total"],
  ["tự (?:quay|làm)(?= (?:clip|video|content))", ""],
  ["(?:có )?theo mùa", "seasonal"],
  ["(?:chia )?theo độ dài caption|độ dài caption", "by caption length"],
  ["dài hay ngắn", "long or short"],
  ["tốt hơn|ổn hơn", "better"],
  // ("Creator nào hay làm video ngắn", "@a vs @b ai ổn hơn để ký", "Tìm giúp creator Tuyên Quang, … có ai post >3
  // video ko", "post đều ko?": what a talent scout asks.)
  ["hay (?:làm|đăng|post|quay)", "often post"],
  ["(?:post|đăng) (?:có )?đều", "how often do they post"],
  ["(?:để )?ký(?: hợp đồng)?", ""],
  ["tìm(?: giúp)?", "find"],
  ["(?:ăn|ra) view", "get views"],
  ["chạy (?:ads|quảng cáo)", "run ads"],
  ["(?:câu )?mở (?:đầu|bằng)", "opening"],
  ["đầu tiên", "first"],
  ["bắt đầu", "start"],
  ["tỉnh nào", "which province"],
  ["tỉnh", "provinces"],
  ["tick xanh", "verified"],
  ["hay dùng", "often use"],
  ["hay không|(?:có )?liên quan không|không liên quan", ""],
  ["mọi người", "people"],
  ["nói về", "about"],
  ["kiểu gì", ""],
  ["kiểu", "such as"],
  // ("Khách sạn ở Sapa như Paradise Sapa Hotel, Pao's hotel": the examples; "như vậy": like that.)
  ["như vậy", ""],
  ["(?:có )?chữ", "containing"],
  ["xài", "use"],
  ["(?:thì |perform |performs )sao", "how"],
  ["muốn", "want"],
  ["nếu", ""],
  ["(?:video )?dạng(?= (?:slideshow|video|ảnh))", ""],
  ["gợi ý", "suggest"],
  ["cho(?= (?:content|khách sạn|resort|homestay|hotel|video|account|kênh|page))", "for"],
  ["là", "is"],
  ["thì", ""],
  ["có", ""],
  ["được", ""],
  ["không(?=\\s*[?.!]*\\s*$|\\s*\\?)", ""],
  ["(?:nhé|nha|ạ|vậy|hả|thế)(?=\\s*[?.!,]*\\s*$|\\s*[?.!,])", ""],
  ["xin", ""],
  ["từ", "from"],
  ["đến", "to"],
  ["tới", "to"],
  // (Last: "Phong Nha không?" keeps the place read above, the particle "nha" dropped only at a clause's end.)
  ["không", ""],
  ["còn", ""],
];

/**
 * Words of grammar, of the asker and of tone left after the table, dropped as written in lower case (a name
 * capitalised, "Đi Đà Lạt Cùng Trúc", stays).
 */
const GRAMMAR_WORDS =
  /(?<![\p{L}\p{N}])(?:thật sự|thật|vụ này|chuyện này|này|giùm|giúp|mình|tôi|bạn này|họ|nó|đang|tính|toàn|vừa|lên|khá|mà vẫn|mà|lại|quá|đi|ra|cái|ko|nói|khoảng|chủ yếu|đoán|luôn|hợp|xa|thua|theo|vậy|để|chỉ|cũng|cháu|chú|bác|rất|tui|kính)(?![\p{L}\p{N}])/gu;

/** Each phrase of a table as a pattern of whole words (not part of a handle: "@nhung_nigg"), with what it is read as. */
function wordPatterns(table: readonly (readonly [string, string])[]): (readonly [RegExp, string])[] {
  return table.map(
    ([from, to]) => [new RegExp(`(?<![\\p{L}\\p{N}@_])(?:${from})(?![\\p{L}\\p{N}_])`, "giu"), to] as const,
  );
}

const PHRASE_RES = wordPatterns(PHRASES);
/**
 * Vietnamese typed without accents ("video nao co nhieu luot xem nhat o da lat"), the words that ask given their
 * accents back, phrases before the words in them. Names and places stay as written (they are linked unaccented),
 * and so do words that are also names: "da" (Đà Lạt), "ha" (Hà Giang), "nam" but before a year (Việt Nam),
 * "nhat" before "ban" (Nhật Bản), "hon" but at a clause's end (Hòn Tre), "co" before "to" (Cô Tô).
 */
/**
 * A phone's shorthand, with accents or without: "bn" bao nhiêu, "tb" trung bình, "dc" được, "ntn" như thế nào, "j" gì,
 * "k" không (a question's last word), "ks" khách sạn, "acc" tài khoản, "so vs" so với; "mn", "nx" (mọi người, nữa)
 * dropped. And a teenager's: "hong"/"khum" (không), "z"/"v" (vậy) and "trời", "nè", "ik", "ơi" at a question's end, dropped
 * ("xài hong 🎧", "bn view v", "best z trời"),
 * "clip" video, "coi" xem, "kiếm" tìm, "cmt" bình luận.
 */
const SHORTHAND: readonly (readonly [string, string])[] = [
  ["bn", "bao nhiêu"],
  ["tb", "trung bình"],
  ["(?:dc|đc)", "được"],
  ["ntn", "như thế nào"],
  ["(?<=\\s)j(?=\\s*[?.!,]*\\s*$|\\s*[?.!,])", "gì"],
  ["(?<=\\s)k(?=\\s*[?.!]*\\s*$)", "không"],
  ["ks", "khách sạn"],
  ["acc", "tài khoản"],
  ["so vs", "so với"],
  ["(?:mn|nx)", ""],
  [
    "(?:\\s*(?:hong|hông|hem|hok|khum|khom|z|v|zậy|zị|dị|trời|ta|nè|ik|ạ|ơi))+(?=[^\\p{L}\\p{N}]*$|\\s*[?.!,])",
    "",
  ],
  ["(?:tìm|kiếm|kiem) (?:giúp |giup )?(?:mấy|vài|may|vai)(?= clip| video)", "tìm"],
  ["(?<!tìm |tim )(?:kiếm|kiem)", "tìm"],
  ["clip", "video"],
  ["coi", "xem"],
  ["cmt", "bình luận"],
];
const SHORTHAND_RES = wordPatterns(SHORTHAND);
const UNACCENTED: readonly (readonly [string, string])[] = [
  ...SHORTHAND,
  ["bao nhieu", "bao nhiêu"],
  ["co tat ca", "có"],
  ["tat ca", "tất cả"],
  ["it nhat(?= \\d)", "ít nhất"],
  ["toi thieu(?= \\d)", "ít nhất"],
  ["tai khoan", "tài khoản"],
  ["nha sang tao", "nhà sáng tạo"],
  ["nguoi sang tao", "người sáng tạo"],
  ["thuong hieu", "thương hiệu"],
  ["nhan hang", "nhãn hàng"],
  ["luot xem", "lượt xem"],
  ["luot thich", "lượt thích"],
  ["luot tim", "lượt tim"],
  ["luot luu", "lượt lưu"],
  ["luot chia se", "lượt chia sẻ"],
  ["chia se", "chia sẻ"],
  ["binh luan", "bình luận"],
  ["nguoi theo doi", "người theo dõi"],
  ["ti(?:ch|ck) xanh", "tích xanh"],
  ["gan nhat", "gần nhất"],
  ["khi nao", "khi nào"],
  ["ngoai", "ngoài"],
  ["khac", "khác"],
  ["gan(?= #)", "gắn"],
  ["vay", "vậy"],
  // Words of the asker and of tone ("chu hoi ty", "cai video … vay chau", "co tai khoan nho nao khac cung dc nhu
  // vay ko"): their accents back, so that they are dropped as written with them, not searched for.
  ["(?:cho )?(?:chu|chau|em|anh|chi|minh|toi|bac) hoi(?: ty| ti| chut| xiu)?|cho hoi", ""],
  ["trong may(?= video| clip| bai| kenh| tai khoan)", "among the"],
  ["(?:minh|toi|em) (?:muon|can(?! tho))(?: biet| hoi| xem)?", ""],
  ["(?:co )?chu(?=\\s*$)|co chu(?= \\p{L})", "có chữ"],
  ["(?:ma )?khong (?:bi )?gan co quang cao", "không bị gắn cờ quảng cáo"],
  ["(?:bi |duoc )?gan co quang cao", "bị gắn cờ quảng cáo"],
  ["chu(?= \\p{L})|chau|bac(?= \\p{L})", ""],
  ["cai(?! nghien)", "cái"],
  ["chi(?! phi)", "chỉ"],
  ["cung", "cũng"],
  ["nhu(?= vay| vậy)", "như"],
  ["giup(?! minh)", "giúp"],
  ["(?<!buon )ma(?! thuot)", "mà"],
  ["tinh(?= (?:quay|lam|dang|mo|di|post))", "tính"],
  ["trong nay|nguoi ta", ""],
  ["thay(?! doi)", ""],
  ["nhac co san", "nhạc có sẵn"],
  ["dung", "dùng"],
  ["(?<!ninh )kieu", "kiểu"],
  ["hoac", "hoặc"],
  ["len", "lên"],
  ["di", "đi"],
  ["de(?= (?:dat|book|lam|quay|dang|xem|biet|ky))", "để"],
  ["(?<!nhac )nen", ""],
  ["thi", "thì"],
  ["tren do|o do|trong do|trong day|o day|trong ngay", ""],
  ["(?:luc )?may gio", "giờ nào"],
  ["nguoi xem", "người xem"],
  ["bai nhac", "bài nhạc"],
  ["noi bat", "nổi bật"],
  ["noi (?:toi|ve|den)", "nói về"],
  ["(?<!ha )noi(?! that)", "nói"],
  ["(?<=bao nhiêu )lan", "lần"],
  ["luu", "lưu"],
  ["loai nao", "cái nào"],
  ["cau mo dau|mo dau", "mở đầu"],
  ["hieu qua", "hiệu quả"],
  ["loi thoai", "lời thoại"],
  ["tuong tac", "tương tác"],
  ["trung binh", "trung bình"],
  ["trung vi", "trung vị"],
  ["tong cong", "tổng cộng"],
  ["tong", "tổng"],
  ["ty le", "tỷ lệ"],
  ["ti le", "tỉ lệ"],
  ["so sanh", "so sánh"],
  ["so voi", "so với"],
  ["giua", "giữa"],
  ["khong phai quang cao", "không phải quảng cáo"],
  ["khong quang cao", "không quảng cáo"],
  ["quang cao", "quảng cáo"],
  ["video thuong", "video thường"],
  ["nhac nen", "nhạc nền"],
  ["nhac goc", "nhạc gốc"],
  ["am thanh", "âm thanh"],
  ["bai hat", "bài hát"],
  ["xu huong", "xu hướng"],
  ["gan day", "gần đây"],
  ["nam ngoai", "năm ngoái"],
  ["thang truoc", "tháng trước"],
  ["tuan truoc", "tuần trước"],
  ["hom nay", "hôm nay"],
  ["cuoi tuan", "cuối tuần"],
  ["ngay thuong", "ngày thường"],
  ["ngay nao", "ngày nào"],
  ["khung gio", "khung giờ"],
  ["gio nao", "giờ nào"],
  ["thu may", "thứ mấy"],
  ["tim kiem", "tìm kiếm"],
  ["du lieu", "dữ liệu"],
  ["danh sach", "danh sách"],
  ["liet ke", "liệt kê"],
  ["vi du", "ví dụ"],
  ["nhac den", "nhắc đến"],
  ["nhac toi", "nhắc tới"],
  ["xuat hien", "xuất hiện"],
  ["su dung", "sử dụng"],
  ["duoc dung", "được dùng"],
  ["giup minh", "giúp mình"],
  ["cho minh", "cho mình"],
  ["cho toi", "cho tôi"],
  ["moi nhat", "mới nhất"],
  ["cu nhat", "cũ nhất"],
  ["hot nhat", "hot nhất"],
  ["moi(?= (?:video|clip|bai|thang|tuan|nam|kenh|tai khoan))", "mỗi"],
  ["cai nao", "cái nào"],
  ["ben nao", "bên nào"],
  ["the nao", "thế nào"],
  ["tang hay giam", "tăng hay giảm"],
  ["thay doi", "thay đổi"],
  ["tieng anh", "tiếng anh"],
  ["tieng viet", "tiếng việt"],
  ["cao hon", "cao hơn"],
  ["thap hon", "thấp hơn"],
  ["dai hon", "dài hơn"],
  ["ngan hon", "ngắn hơn"],
  ["video dai", "video dài"],
  ["video ngan", "video ngắn"],
  ["phut", "phút"],
  ["giay", "giây"],
  ["nam(?= \\d{4}| nao)", "năm"],
  ["thang(?= \\d| nao)", "tháng"],
  ["quy(?= \\d)", "quý"],
  ["tu(?= \\d| th[aá]ng| n[aă]m| ng[aà]y| d[aầ]u)", "từ"],
  ["den(?= \\d| th[aá]ng| n[aă]m| nay| ng[aà]y| het)", "đến"],
  ["tren", "trên"],
  ["duoi", "dưới"],
  ["truoc", "trước"],
  ["chenh (?:nhau|lech)|chenh", "chênh nhau"],
  ["cong (?:t[oổ]ng )?(?:view|luot xem|lượt xem) lai", "total views"],
  ["cong (?:t[oổ]ng )?lai", "total"],
  ["tu(?= quay| lam)", "tự"],
  ["nhieu", "nhiều"],
  ["nhat(?! ban)", "nhất"],
  ["hon(?=\\s*(?:$|[?.!,;]|(?:khong|ko|so|video)(?![\\p{L}\\p{N}])))", "hơn"],
  ["thap", "thấp"],
  ["nao", "nào"],
  ["cua", "của"],
  ["nhung", "những"],
  ["cac", "các"],
  ["duoc", "được"],
  ["khong", "không"],
  ["ko", "không"],
  ["kenh", "kênh"],
  ["dang", "đăng"],
  ["luot", "lượt"],
  ["voi", "với"],
  ["va", "và"],
  ["ve", "về"],
  ["o", "ở"],
  ["tai", "tại"],
  ["la", "là"],
  ["co(?! to(?![\\p{L}\\p{N}]))", "có"],
  ["may(?= (?:video|clip|bai|kenh|tai khoan|lan))", "mấy"],
  // ("May homestay Cần Thơ …" opening a message: "mấy", not the month; within one, "dc may khach san dung" is "the".)
  [
    "(?<=^|[.?!] )may(?= (?:homestay|khach san|ks|resort|villa|acc|account|nguoi|creator|hashtag|tag|sound|nha nghi))",
    "mấy",
  ],
  ["gi", "gì"],
];
const UNACCENTED_RES = wordPatterns(UNACCENTED);
/** Words that ask in Vietnamese typed without accents; a question with two or more of them is given its accents. */
const UNACCENTED_CUES =
  /(?<![\p{L}\p{N}])(?:nao|bao nhieu|bn|nhieu|nhat|cua|nhung|duoc|dc|khong|ko|luot|cac|tai khoan|kenh|so sanh|trung binh|tb|ntn|giup minh|cho minh|nam \d{4}|thang \d{1,2}|o|hong|khum)(?![\p{L}\p{N}])/giu;
/** Words that alone mark Vietnamese typed without accents ("#daophuquy co tat ca bao nhieu video"). */
const UNACCENTED_MARKS =
  /(?<![\p{L}\p{N}])(?:bao nhieu|bn|ntn|so sanh|tai khoan|luot xem|nhieu nhat|cao nhat|ben nao)(?![\p{L}\p{N}])/iu;

/** A question in Vietnamese typed without accents, its asking words accented; any other question as it is. */
function withAccents(text: string): string {
  const unquoted = text.replace(QUOTED, " ");
  const cues = new Set([...unquoted.matchAll(CUES)].map((m) => m[0].toLowerCase()));
  // (Accented: one cue at least written with accents; "co video nao ve sapa hong hay khum" has none, "đc" aside.)
  if (cues.size >= 2 && [...cues].some((c) => c !== "đc" && /\P{ASCII}/u.test(c)))
    return outsideQuotes(text, (part) => SHORTHAND_RES.reduce((out, [re, vi]) => out.replace(re, vi), part));
  const bare = new Set(
    [...unquoted.matchAll(UNACCENTED_CUES)].map((m) => m[0].toLowerCase().replace(/\d+/g, "")),
  );
  if (bare.size < 2 && !UNACCENTED_MARKS.test(unquoted)) return text;
  return outsideQuotes(text, (part) =>
    UNACCENTED_RES.reduce(
      (out, [re, vi]) => out.replace(re, vi),
      // (Before a capitalised name, "nhu" is "như": "khach san o sapa nhu Paradise Sapa Hotel".)
      part.replace(/(?<![\p{L}\p{N}])nhu(?= \p{Lu})/gu, "như"),
    ),
  );
}

/**
 * The English reading of a question written in Vietnamese ("Video nào ở Phú Quốc có nhiều lượt lưu nhất năm
 * 2024?": "which video in Phú Quốc most saves in 2024?"), or null for a question that is not.
 */
export function fromVietnamese(question: string): string | null {
  const written = question.normalize("NFC");
  const text = withAccents(written);
  const unquoted = text.replace(QUOTED, " ");
  const cues = new Set([...unquoted.matchAll(CUES)].map((m) => m[0].toLowerCase()));
  // (Typed without accents, it was read as Vietnamese above.)
  if (cues.size < 2 && text === written) return null;
  const most = /(?<![\p{L}\p{N}])nhất(?![\p{L}\p{N}])/iu.test(unquoted);
  let which = false;
  const read = outsideQuotes(text, (part) => {
    // "Bỏ #xuhuong với #fyp ra": those left out.
    let out = part
      .replace(/(?<![\p{L}\p{N}])bỏ\s+(.{1,60}?)\s+ra(?![\p{L}\p{N}])/giu, "excluding $1")
      // ("Khách sạn ở Sapa như Paradise Sapa Hotel, Pao's hotel": the examples, before a capitalised name.)
      .replace(/(?<![\p{L}\p{N}])như(?= \p{Lu})/gu, "such as")
      // ("Đã loại Phuket", "loại bỏ #fyp": those left out, before a name.)
      .replace(/(?<![\p{L}\p{N}])(?:đã |sau khi )?loại(?: bỏ| trừ)?(?= \p{Lu}| #)/gu, "excluding")
      // ("Sau Tết 2024 (từ 10/2/2024) đến hết 31/3/2024": the dates in brackets read with the rest.)
      .replace(/[()]/g, " ")
      // ("Từ 1/4 đến 15/4/2025": a day with no year takes the question's.)
      .replace(/(?<![\p{L}\p{N}/.])(\d{1,2})\/(\d{1,2})(?![\p{L}\p{N}]|\/\d)/gu, (date, d, m) => {
        const year = text.match(/\d{1,2}[/.-]\d{1,2}[/.-](\d{4})/)?.[1];
        return year && Number(m) >= 1 && Number(m) <= 12
          ? `${Number(d)} ${MONTH_NAMES[Number(m) - 1]} ${year}`
          : date;
      })
      // ("1/6/2025": Vietnamese writes the day first, whatever the other dates.)
      .replace(
        /(?<![\p{L}\p{N}/.])(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?![\p{L}\p{N}/])/gu,
        (date, d, m, y) =>
          Number(m) >= 1 && Number(m) <= 12 ? `${Number(d)} ${MONTH_NAMES[Number(m) - 1]} ${y}` : date,
      );
    for (const [re, en] of PHRASE_RES) out = out.replace(re, en);
    out = out.replace(GRAMMAR_WORDS, "");
    // "Nhiều … nhất": the most; "nhiều … hơn": more … than.
    out = most
      ? out
          .replace(/(?<![\p{L}\p{N}])nhiều(?![\p{L}\p{N}])/giu, "most")
          .replace(/(?<![\p{L}\p{N}])ít(?![\p{L}\p{N}])/giu, "fewest")
          .replace(/(?<![\p{L}\p{N}])cao(?![\p{L}\p{N}])/giu, "highest")
          .replace(/(?<![\p{L}\p{N}])thấp(?![\p{L}\p{N}])/giu, "lowest")
          .replace(/(?<![\p{L}\p{N}])nhất(?![\p{L}\p{N}])/giu, "")
      : out
          .replace(/(?<![\p{L}\p{N}])nhiều(?=\s.{1,40}?\shơn(?![\p{L}\p{N}]))/giu, "more")
          .replace(/(?<![\p{L}\p{N}])ít(?=\s.{1,40}?\shơn(?![\p{L}\p{N}]))/giu, "fewer")
          .replace(/(?<![\p{L}\p{N}])hơn(?![\p{L}\p{N}])/giu, "than")
          .replace(/(?<![\p{L}\p{N}])nhiều(?![\p{L}\p{N}])/giu, "many");
    // "Video quảng cáo hay video thường": "hay" before a second set is "or".
    out = out
      .replace(/(?<![\p{L}\p{N}])hay(?=\s+(?:video|ad|organic|other|original|[\p{Lu}#@\d]))/gu, "or")
      // (Any other "hay", "khen hay phàn nàn", "hay chỉ ở các tỉnh khác": a word of grammar, no topic; read as "or"
      // it would set the words beside it against each other.)
      .replace(/(?<![\p{L}\p{N}])hay(?![\p{L}\p{N}])/gu, "");
    // "X nào …": which X (said once, at the start).
    return out.replace(/(?<![\p{L}\p{N}])nào(?![\p{L}\p{N}])/giu, () => {
      which = true;
      return "";
    });
  });
  const words = read
    // ("… nhiều bình luận hơn?": "more comments", the other side named before.)
    .replace(/\s+than(?=\s*[?.!]*\s*$)/i, "")
    .replace(/\s+([?.!,])/g, "$1")
    .replace(/\s{2,}/g, " ")
    .trim();
  // "X nào …": which X, after a period opening the question ("từ Tết 2025 tới giờ, video … nào").
  return which && !/^\W*(?:how many|which)\b/i.test(words)
    ? words.replace(/^((?:since|from|in|after|before|during)\b[^,]{1,40},\s*)?/i, "$1which ")
    : words;
}
