# The rules pages, the family page and the about page: their frame (the rules themselves are
# docs/rules/*.md and their translations), and the interactive examples on them.

rules-title = { $game }: წესები
rules-contents = სარჩევი
rules-where = სად თამაშობენ
rules-boards = დაფები
rules-play = ითამაშეთ { $game }
rules-family-link = ყველა ოთხრიგიანი თამაში ერთმანეთთან შედარებით
rules-about-link = საიტისა და მისი წყაროების შესახებ
rules-untranslated = ეს წესები ჯერ არ თარგმნილა, ამიტომ ინგლისურადაა ნაჩვენები.

example-play-hint = თქვენი სვლაა: დააწკაპუნეთ ორმოზე, საიდანაც სვლა შეიძლება, ან შეასრულეთ შემოთავაზებული სვლა.
example-try = სვლა { $move }
example-again = ხელახლა ცდა
example-played = შესრულდა სვლა { $move }.
example-illegal = ეს სვლა აქ დაუშვებელია.
example-failed = მაგალითის ჩატვირთვა ვერ მოხერხდა.
example-label = სამაგალითო დაფა

about-title = საიტის შესახებ
about-intro = მანკალა უფასო საიტია აღმოსავლეთ და სამხრეთ აფრიკის ოთხრიგიანი მანკალას თამაშების სათამაშოდ და შესასწავლად; შედარების ათვლის წერტილია სტანდარტული ორრიგიანი მანკალა (კალაჰი). ანგარიში არავის სჭირდება: პარტია ერთი ბმულია.
about-rules-heading = წესები და მათი წყაროები
about-rules-text = ყოველი თამაშის წესები ეყრდნობა მოთამაშეებისა და მკვლევრების გამოქვეყნებულ აღწერებს. სადაც წყაროები ერთმანეთს არ ემთხვევა ან რომელიმე საკითხს ღიად ტოვებს, წესების გვერდზე ნათქვამია, რომელ ინტერპრეტაციას მიჰყვება საიტი და რატომ. ყოველ გვერდზე წყაროები სრულად არის ჩამოთვლილი:
about-engine-heading = კომპიუტერული მოთამაშეები
about-engine-text = კომპიუტერი რვა დონეზე თამაშობს: დამწყებიდან, რომელიც ერთი სვლით წინ ხედავს, სრულ ძიებამდე, რომელსაც სვლაზე დაახლოებით ერთი წამი სჭირდება. თითოეული დონის მოთამაშეები ყველა თამაშში ერთმანეთს ეჯიბრებიან და ასე იზომება მათი ძალა.
about-licence-heading = ლიცენზია
about-licence-text = საიტის პროგრამა თავისუფალი პროგრამული უზრუნველყოფაა ლიცენზიით GNU Affero General Public License, ვერსია 3 ან უფრო ახალი.
about-version-heading = ვერსია
about-version = ვერსია { $version }, კომიტი { $commit }.
example-stop = nyumba-ში გაჩერება
example-safari = safari: თესვის გაგრძელება
