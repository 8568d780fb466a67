import TipsCore
