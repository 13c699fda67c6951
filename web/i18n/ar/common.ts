/** Arabic strings shared across pages. */
export default {
  schoolName: "مدارس النخبة الخاصة",
  schoolShort: "النخبة",
  notifications: "الإشعارات",
  language: { switchTo: "English", label: "اللغة" },
  nav: {
    home: "الرئيسية",
    news: "الأخبار",
    results: "عرض النتائج",
    payFees: "دفع المصروفات",
    family: "حساب الأسرة",
    chooseTeachers: "اختيار المعلمين",
    menu: "القائمة",
    close: "إغلاق",
  },
  error: {
    title: "حدث خطأ ما",
    body: "نعتذر، حدث خطأ غير متوقع.",
    refresh: "تحديث الصفحة",
    tryAgain: "حاول مرة أخرى",
    notFound: "الصفحة غير موجودة",
    notFoundBody: "ربما كُتب العنوان بشكل خاطئ، أو نُقلت الصفحة.",
    toHome: "الذهاب إلى الصفحة الرئيسية",
    toDashboard: "الذهاب إلى لوحة التحكم",
  },
  footer: { rights: "جميع الحقوق محفوظة", social: "مجموعتنا على فيسبوك" },
};
