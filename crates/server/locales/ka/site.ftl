# The server-rendered pages: the frame of every page, the home page, the game page without
# JavaScript, and error pages.

site-name = მანკალა
# ენის საკუთარი სახელი, ენების გადამრთველში.
language-name = ქართული
language-switch = ენა
# ჩანს ვიზიტორის დამახსოვრებულ ენაზე, როცა გვერდი სხვა ენაზეა.
language-offer = ეს გვერდი თქვენ მიერ არჩეული ენისგან განსხვავებულ ენაზეა.
language-offer-link = წაიკითხეთ ქართულად
nav-label = საიტი
nav-new-game = ახალი პარტია
nav-rules = წესები
nav-about = საიტის შესახებ
footer-tagline = რეგისტრაცია საჭირო არ არის: სათამაშოდ ერთი ბმულიც საკმარისია.

home-title = თამაში
home-heading = ითამაშეთ ბაო და ოთხრიგიანი მანკალას სხვა თამაშები
home-intro = რეგისტრაციის გარეშე. შექმენით პარტია, გაუზიარეთ ბმული და ეთამაშეთ მეგობარს ან კომპიუტერს, ან ითამაშეთ ერთ მოწყობილობაზე რიგრიგობით.
home-games = თამაშები
home-card-play = თამაში
home-card-rules = წესები
home-family-link = როგორ უკავშირდება ეს თამაშები ერთმანეთს და რომლით დავიწყოთ
home-new-game = ახალი პარტია
home-game = თამაში
home-variant = ვარიანტი
home-options-hint = არჩევითი წესები (მოქმედებს მხოლოდ არჩეული თამაშის წესები):
home-opponent = მოწინააღმდეგე
home-opponent-friend = მეგობარი, ბმულით
home-opponent-computer = კომპიუტერი
home-opponent-local = ორი მოთამაშე ამ მოწყობილობაზე
home-level = კომპიუტერის დონე
home-side = თქვენი მხარე
home-side-south = სამხრეთი (იწყებს)
home-side-north = ჩრდილოეთი
home-side-random = შემთხვევითი
home-create = პარტიის შექმნა

game-your-move = თქვენი სვლაა
game-play = თამაში
game-invite = მოიწვიეთ მეგობარი:
game-download-record = პარტიის ჩანაწერის ჩამოტვირთვა
game-invite-used = ეს მოწვევა უკვე გამოყენებულია: თქვენ პარტიას მაყურებლად ადევნებთ თვალს.
game-status-your-move = თქვენი სვლაა (ნახევარსვლა { $ply })
game-status-to-move = { $side ->
    [south] სამხრეთის
   *[north] ჩრდილოეთის
} სვლაა (ნახევარსვლა { $ply })
game-extras-hands = ხელში: სამხრეთი { $south }, ჩრდილოეთი { $north }
game-extras-stores = { $field }: სამხრეთი { $south }, ჩრდილოეთი { $north }

error-title-not-found = ვერ მოიძებნა
error-title-forbidden = ეს თქვენი ადგილი არ არის
error-title-server = რაღაც შეცდომა მოხდა
error-title-refused = ვერ მოხერხდა
error-start-new = ახალი პარტიის დაწყება
error-bad-message = შეტყობინების წაკითხვა ვერ მოხერხდა.
error-protocol = ეს გვერდი მოძველებულია: განაახლეთ იგი.
error-not-player = ეს ბმული პარტიაში ადგილს არ გაძლევთ; პარტიის ბმულით, ადგილის მითითების გარეშე, შეგიძლიათ პარტიას უყუროთ.
error-not-your-turn = ახლა თქვენი სვლა არ არის.
error-game-over = პარტია დასრულებულია.
error-stale-ply = ეს სვლა დაგვიანდა: პოზიცია უკვე შეიცვალა.
error-illegal-move = ეს სვლა აქ დაუშვებელია.
error-no-offer = შეთავაზება, რომელსაც უნდა უპასუხოთ, არ არსებობს.
error-nothing-to-take-back = დასაბრუნებელი სვლა არ გაქვთ.
error-not-over = რევანშის თხოვნა პარტიის დასრულების შემდეგ შეიძლება.
error-computer-busy = კომპიუტერი სხვა პარტიებითაა დაკავებული: ცოტა ხანში ხელახლა სცადეთ.
error-store = პარტიის შენახვა ვერ მოხერხდა; სცადეთ ხელახლა.
error-internal = სერვერზე რაღაც შეცდომა მოხდა.
error-bad-request = მოთხოვნის გამოყენება ვერ მოხერხდა: შეამოწმეთ ფორმა და სცადეთ ხელახლა.
error-not-found = ასეთი გვერდი ან პარტია არ არსებობს.
error-cross-site = ეს ფორმა სხვა საიტიდან გამოიგზავნა, ამიტომ უარყოფილია. თავად გახსენით ეს საიტი და თავიდან დაიწყეთ მისივე გვერდიდან.
error-unsupported-media-type = მოთხოვნა ისე არ გამოიგზავნა, როგორც მას ამ საიტის გვერდები აგზავნის.
error-rate-limited = თქვენი მისამართიდან მოკლე დროში ძალიან ბევრი პარტია დაიწყო. ცოტა ხანს დაელოდეთ და სცადეთ ხელახლა.
refused-busy = საიტთან ამჟამად ძალიან ბევრი კავშირია გახსნილი. ცოტა ხანში ხელახლა სცადეთ.
refused-slow = მოთხოვნა ძალიან ნელა მოდიოდა და შეწყდა. სცადეთ ხელახლა.

invite-own-title = ეს თქვენი მოწვევაა
invite-own-explain = გაუგზავნეთ ეს ბმული მეგობარს: ვინც მას პირველი გახსნის, ის გეთამაშებათ. თუ თავად გახსნით, ბმული ძალაში დარჩება.
invite-own-label = მოსაწვევი ბმული
invite-own-copy = კოპირება
invite-own-copied = დაკოპირდა
invite-own-back = თქვენს პარტიაში დაბრუნება
